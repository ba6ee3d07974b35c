import { Search, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';

const MobileSearchDialog = lazy(() => import('./mobile-search-dialog.tsx'));

const iconButton = cx(
  'grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  focusRing,
);

/**
 * Phones' ways to people, where the top bar has no room for the search box: a Search button that
 * opens the search in a dialog, and Discover.
 */
export function MobilePeopleShortcuts() {
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label="People" className="flex items-center gap-1 lg:hidden">
      <button
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        className={cx(iconButton, 'md:hidden')}
        onClick={() => setOpen(true)}
      >
        <Search className="size-5" aria-hidden />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <NavLink
        to="/discover"
        aria-label="Discover"
        className={({ isActive }) => cx(iconButton, isActive && 'bg-blue-100 text-blue-800')}
      >
        <Users className="size-5" aria-hidden />
      </NavLink>
    </nav>
  );
}
