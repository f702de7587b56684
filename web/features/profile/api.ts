import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@/shared/api/types';
import type { ChangeEmailBody, ChangePasswordBody, UserInfoUpdateBody } from '@/shared/schemas/profile';
import { api } from '@/web/lib/api';
import { authStore } from '@/web/lib/auth';

export interface UserRef {
  uid?: string;
  username?: string;
}

/** A user's home page data; an unknown user is shown by the page itself (no toast). */
export function useUserHome(user: UserRef | null) {
  return useQuery({
    queryKey: ['user-home', user?.uid ?? null, user?.username ?? null],
    queryFn: () => api.getUserHomeInfo({ uid: user?.uid, username: user?.username }),
    enabled: !!user,
    meta: { silent: true },
  });
}

/** The browser's time zone: the heatmap's days begin at the user's midnight. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useCalendarHeatmap(user: UserRef | null) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ['user-heatmap', user?.uid ?? null, user?.username ?? null, timeZone],
    queryFn: () => api.getUserCalendarHeatmap({ uid: user?.uid, username: user?.username, timeZone }),
    enabled: !!user,
  });
}

/** Keeps the stored login's user info (the nav avatar ...) and the home pages up to date. */
function useKeepUserInfo() {
  const queryClient = useQueryClient();
  return (userInfo: UserInfo | null) => {
    if (userInfo) authStore.getState().setUserInfo(userInfo);
    void queryClient.invalidateQueries({ queryKey: ['user-home'] });
  };
}

export function useChangeUserInfo() {
  const keep = useKeepUserInfo();
  return useMutation({
    mutationFn: (body: UserInfoUpdateBody) => api.changeUserInfo(body),
    onSuccess: (res) => keep(res.data),
  });
}

export function useUploadAvatar() {
  const keep = useKeepUserInfo();
  return useMutation({
    mutationFn: (file: File) => api.uploadAvatar(file, file.name),
    onSuccess: (res) => keep(res.data),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api.changePassword(body) });
}

export function useSendChangeEmailCode() {
  return useMutation({ mutationFn: (email: string) => api.getChangeEmailCode(email) });
}

export function useChangeEmail() {
  const keep = useKeepUserInfo();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.changeEmail(body),
    onSuccess: (res) => keep(res.userInfo),
  });
}
