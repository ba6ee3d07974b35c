import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `lg` breakpoint, where the full top navigation appears. */
export const DESKTOP_NAV_QUERY = '(min-width: 1024px)';
