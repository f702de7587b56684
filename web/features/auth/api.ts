import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoints } from '@/shared/api/endpoints';
import type {
  ApplyResetPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
} from '@/shared/schemas/forms';
import { api } from '@/web/lib/api';
import { authStore } from '@/web/lib/auth';

/** Logs in and keeps the token and user; answers that depend on the user are re-read. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: LoginBody) => api.login(form),
    onSuccess: ({ token, userInfo }) => {
      authStore.getState().setLogin(token, userInfo);
      void queryClient.invalidateQueries();
    },
  });
}

/**
 * Forgets the login at once, then tells the server (GET /api/logout with the old token). The
 * page shows the logged-out state without waiting on the server, whose answer changes nothing:
 * the token may already be dead.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const token = authStore.getState().token;
      authStore.getState().clear();
      void queryClient.invalidateQueries();
      if (token) await api.logout(token);
    },
    meta: { silent: true },
  });
}

/** The site's settings (registration open, mail to local files ...). */
export const websiteConfigOptions = (endpoints: Endpoints = api) =>
  queryOptions({
    queryKey: ['website-config'],
    queryFn: () => endpoints.getWebsiteConfig(),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useWebsiteConfig() {
  return useQuery(websiteConfigOptions());
}

/** A fresh puzzle each time (each is good for one try). */
export function useLoginPuzzle(enabled: boolean) {
  return useQuery({
    queryKey: ['login-puzzle'],
    queryFn: () => api.getLoginPuzzle(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** A fresh captcha each time (each is good for one try). */
export function useCaptcha() {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: () => api.getCaptcha(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useSendRegisterCode() {
  return useMutation({ mutationFn: (email: string) => api.getRegisterCode(email) });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => api.register(body) });
}

export function useApplyResetPassword() {
  return useMutation({ mutationFn: (body: ApplyResetPasswordBody) => api.applyResetPassword(body) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => api.resetPassword(body) });
}

/** Whether a name or an address is taken (checked when the register fields lose focus). */
export function checkTaken(body: { username?: string; email?: string }) {
  return api.checkUsernameOrEmail(body);
}
