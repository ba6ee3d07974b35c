import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useUnseenNotificationsCount } from './notifications-live.ts';

/** 'Notifications, 3 new': the count is part of the link's name, the badge only shows it. */
function bellLabel(unseen: number): string {
  return unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications';
}

/**
 * The top bar's bell, on every screen size: a link to /notifications with the number of
 * notifications that came since the list was last opened, live.
 */
export function NotificationBell() {
  const unseen = useUnseenNotificationsCount();
  return (
    <NavLink
      to="/notifications"
      aria-label={bellLabel(unseen)}
      className={({ isActive }) =>
        cx(
          'relative grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          isActive && 'bg-blue-100 text-blue-800',
          focusRing,
        )
      }
    >
      <Bell className="size-5" aria-hidden />
      {unseen > 0 ? (
        <span
          aria-hidden
          className="absolute top-0.5 right-0 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-700 px-1 text-[0.625rem] leading-none font-bold text-white ring-2 ring-white"
        >
          {unseen > 99 ? '99+' : unseen}
        </span>
      ) : null}
    </NavLink>
  );
}
