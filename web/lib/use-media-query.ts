import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches; null where there is no screen to ask (the frame rendered on
 * the server, web/ssr), where the markup must leave the choice to CSS.
 */
export function useMediaMatch(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}

/** True while the CSS media query matches (false when rendered on the server). */
export function useMediaQuery(query: string): boolean {
  return useMediaMatch(query) ?? false;
}

/** Phones and tablets: toasts move to the bottom (clear of the navigation), no corner notifications. */
export const PHONE_QUERY = '(max-width: 767px), (pointer: coarse)';
