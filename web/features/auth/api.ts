import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@/shared/schemas/forms';
import { api } from '@/web/lib/api';
import { authStore } from '@/web/lib/auth';

/** Logs in and keeps the token and user; answers that depend on the user are re-read. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: LoginForm) => api.login(form),
    onSuccess: ({ token, userInfo }) => {
      authStore.getState().setLogin(token, userInfo);
      void queryClient.invalidateQueries();
    },
  });
}

/** GET /api/logout, then forget the login whatever the answer (the token may already be dead). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.logout(),
    meta: { silent: true },
    onSettled: () => {
      authStore.getState().clear();
      void queryClient.invalidateQueries();
    },
  });
}
