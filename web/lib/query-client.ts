import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toastApiError } from './api-errors';
import { i18n } from './i18n';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps a failed call from showing the error toast (the caller handles it). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Server state cache; every failed call shows its message as a toast unless it says otherwise. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastApiError(error, i18n.t);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) toastApiError(error, i18n.t);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The web app's one cache: the provider hands it to the screens, and the router's loaders fill it
 * before a screen's chunk has arrived (web/app/route-prefetch.ts).
 */
export const queryClient = createQueryClient();
