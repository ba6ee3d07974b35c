import { NavLink } from 'react-router';

import { cx } from '../../components/ui/class-names.ts';
import { PRIMARY_NAV } from './nav-items.ts';

/** Below `lg`: the five main destinations as a bottom tab bar. Role pages live in the avatar menu. */
export function MobileTabBar() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {PRIMARY_NAV.map(({ to, label, shortLabel, icon: Icon, badge: Badge }) => (
          <li key={to} className="min-w-0">
            <NavLink
              to={to}
              aria-label={shortLabel === label ? undefined : label}
              className={({ isActive }) =>
                cx(
                  'relative flex h-16 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium tracking-tight',
                  'focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-blue-600',
                  isActive ? 'text-blue-800' : 'text-slate-700',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cx(
                      'grid h-7 w-12 place-items-center rounded-full transition-colors',
                      isActive && 'bg-blue-100',
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="max-w-full truncate">{shortLabel}</span>
                  {Badge ? <Badge className="top-2 left-1/2 ml-1.5" /> : null}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
