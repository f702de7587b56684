import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailConfigForm, TestEmailForm } from '@/shared/schemas/site-admin-config';
import { consoleApi } from '../console-api';

/** How often the open dashboard and judges screens read their numbers again. */
export const DASHBOARD_REFRESH_MS = 30_000;
export const JUDGES_REFRESH_MS = 10_000;

const keys = {
  dashboard: ['admin', 'site', 'dashboard'] as const,
  session: ['admin', 'site', 'previous-session'] as const,
  judges: ['admin', 'site', 'judges'] as const,
  service: ['admin', 'site', 'service'] as const,
  mail: ['admin', 'site', 'mail'] as const,
  db: ['admin', 'site', 'db'] as const,
  carousel: ['home-carousel'] as const,
};

export function useDashboardInfo() {
  return useQuery({
    queryKey: keys.dashboard,
    queryFn: () => consoleApi.adminGetDashboardInfo(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** The caller's login before this one; it does not change while the screen is open. */
export function usePreviousSession() {
  return useQuery({ queryKey: keys.session, queryFn: () => consoleApi.adminGetPreviousSession() });
}

export function useJudgeServiceInfo() {
  return useQuery({
    queryKey: keys.judges,
    queryFn: () => consoleApi.adminGetJudgeServiceInfo(),
    refetchInterval: JUDGES_REFRESH_MS,
  });
}

export function useServiceInfo() {
  return useQuery({
    queryKey: keys.service,
    queryFn: () => consoleApi.adminGetServiceInfo(),
    refetchInterval: JUDGES_REFRESH_MS,
  });
}

export function useEmailConfig() {
  return useQuery({ queryKey: keys.mail, queryFn: () => consoleApi.adminGetEmailConfig() });
}

/** Saving shows its message in the form itself, so the global error toast stays quiet. */
export function useSaveEmailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailConfigForm) => consoleApi.adminSetEmailConfig(body),
    onSuccess: (saved) => queryClient.setQueryData(keys.mail, saved.data),
  });
}

/** The mail server's own words on failure are shown in the test box (and as the usual toast). */
export function useTestEmail() {
  return useMutation({ mutationFn: (body: TestEmailForm) => consoleApi.adminTestEmail(body) });
}

export function useDbConfig() {
  return useQuery({ queryKey: keys.db, queryFn: () => consoleApi.adminGetDbConfig() });
}

/** The public list the home page shows; the console changes it and the home page reads it again. */
export function useCarousel() {
  return useQuery({ queryKey: keys.carousel, queryFn: () => consoleApi.getHomeCarousel() });
}

export function useCarouselChanges() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.carousel });
  return {
    upload: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return consoleApi.adminUploadCarouselImage(form);
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => consoleApi.adminDeleteCarouselImage(id),
      onSuccess: refresh,
    }),
  };
}
