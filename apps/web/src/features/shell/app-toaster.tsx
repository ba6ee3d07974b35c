import { Toaster } from 'sonner';

import { DESKTOP_NAV_QUERY, useMediaQuery } from './use-media-query.ts';

/** The bottom tab bar's height below `lg` (mobile-tab-bar.tsx: h-16), plus the phone's safe area. */
const ABOVE_TAB_BAR = 'calc(4rem + 0.75rem + env(safe-area-inset-bottom))';

/**
 * Toasts, where they cover nothing about to be pressed: bottom-right on desktops, away from the
 * top navigation and the composer; bottom-centre on phones and tablets, just above the tab bar.
 */
export function AppToaster() {
  const isDesktop = useMediaQuery(DESKTOP_NAV_QUERY);
  return (
    <Toaster
      position={isDesktop ? 'bottom-right' : 'bottom-center'}
      offset={isDesktop ? undefined : { bottom: ABOVE_TAB_BAR }}
      mobileOffset={{ bottom: ABOVE_TAB_BAR }}
      closeButton
      toastOptions={{
        // An accent stripe tells success from error at a glance; the text stays dark on
        // white (sonner's rich colours fall short of 4.5:1 contrast).
        classNames: {
          success: 'border-l-4! border-l-green-700!',
          error: 'border-l-4! border-l-red-700!',
        },
      }}
    />
  );
}
