import { useSyncExternalStore } from 'react';

/** True while the CSS media query matches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Phones and tablets: toasts move to the bottom (clear of the navigation), no corner notifications. */
export const PHONE_QUERY = '(max-width: 767px), (pointer: coarse)';
