import { useCallback, useSyncExternalStore } from 'react';
import { RENDERING_ON_SERVER, useBrowserKnown } from './server-render';

const matchesNow = (query: string) => (RENDERING_ON_SERVER ? false : window.matchMedia(query).matches);

/**
 * Whether the CSS media query matches; null where the markup must leave the choice to CSS: on the
 * server, and in the app's first render over the server's markup (useBrowserKnown).
 */
export function useMediaMatch(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  // the same answer while taking the server's markup over: a different one would be drawn at once,
  // in one task, where the known flag's change is a transition
  const matches = useSyncExternalStore(
    subscribe,
    () => matchesNow(query),
    () => matchesNow(query),
  );
  return useBrowserKnown() ? matches : null;
}

/** True while the CSS media query matches (false where useMediaMatch does not know yet). */
export function useMediaQuery(query: string): boolean {
  return useMediaMatch(query) ?? false;
}

/** Phones and tablets: toasts move to the bottom (clear of the navigation), no corner notifications. */
export const PHONE_QUERY = '(max-width: 767px), (pointer: coarse)';
