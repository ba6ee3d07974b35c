import { NavLink } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import type { NavItem } from './nav-items.ts';

/** The top bar's links from `lg` up: icon above label, the current page underlined. */
export function DesktopNav({ items }: { items: readonly NavItem[] }) {
  return (
    <nav aria-label="Main" className="hidden lg:flex">
      <ul className="flex items-stretch">
        {items.map(({ to, label, icon: Icon, badge: Badge }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cx(
                  'relative flex min-w-16 flex-col items-center justify-center gap-0.5 border-b-2 px-1.5 pt-0.5 text-center text-xs leading-tight font-medium transition-colors xl:px-3',
                  isActive
                    ? 'border-blue-800 text-blue-800'
                    : 'border-transparent text-slate-700 hover:text-slate-950',
                  focusRing,
                )
              }
            >
              <Icon className="size-5 shrink-0" aria-hidden />
              <span className="max-w-22 xl:max-w-none xl:whitespace-nowrap">{label}</span>
              {Badge ? <Badge className="top-1.5 left-1/2 ml-1" /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
