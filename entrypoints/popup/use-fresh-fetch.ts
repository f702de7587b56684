import { useEffect, useRef, useState } from 'react';

export interface FreshFetch<T> {
  data: T | undefined;
  loading: boolean;
  /** the last fetch's failure (cleared by the next fetch) */
  error: unknown;
  /** drops what was fetched and fetches again */
  refetch(): void;
}

/**
 * A value the server hands out for one try (a login puzzle, a captcha): fetched when `enabled`
 * turns on and again on each refetch, never cached nor shared, as the web app's queries for them
 * (staleTime Infinity, gcTime 0) do. The extension pages have no query client, hence this hook.
 */
export function useFreshFetch<T>(fetcher: () => Promise<T>, enabled: boolean): FreshFetch<T> {
  // the latest fetcher, so a new closure each render does not fetch again
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({
    data: undefined,
    loading: false,
    error: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the refetch trigger
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ data: undefined, loading: true, error: null });
    latest.current().then(
      (data) => live && setState({ data, loading: false, error: null }),
      (error: unknown) => live && setState({ data: undefined, loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [enabled, round]);

  return { ...state, refetch: () => setRound((r) => r + 1) };
}
