import { Toaster } from 'sonner';

import { clearOf } from './keep-toasts-clear.ts';
import { DESKTOP_NAV_QUERY, useMediaQuery } from './use-media-query.ts';

/** The bottom tab bar's height below `lg` (mobile-tab-bar.tsx: h-16), plus the phone's safe area. */
const ABOVE_TAB_BAR = 'calc(4rem + 0.75rem + env(safe-area-inset-bottom))';

/** Sonner's own distance from the window's edge on desktops. */
const DESKTOP_EDGE = '24px';

/**
 * Toasts, where they cover nothing about to be pressed: bottom-right on desktops, away from the
 * top navigation; bottom-centre on phones and tablets, just above the tab bar. Either way they
 * rise above an element that asks to be kept clear (`useKeepToastsClear`: the message composer,
 * whose Send button is bottom-right).
 */
export function AppToaster() {
  const isDesktop = useMediaQuery(DESKTOP_NAV_QUERY);
  return (
    <Toaster
      position={isDesktop ? 'bottom-right' : 'bottom-center'}
      offset={{ bottom: clearOf(isDesktop ? DESKTOP_EDGE : ABOVE_TAB_BAR) }}
      mobileOffset={{ bottom: clearOf(ABOVE_TAB_BAR) }}
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
