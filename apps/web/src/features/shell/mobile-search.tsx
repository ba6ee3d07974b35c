import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { SearchBox } from './search-box.tsx';

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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger className={cx(iconButton, 'md:hidden')} aria-label="Search">
          <Search className="size-5" aria-hidden />
        </DialogTrigger>
        <DialogContent title="Search people">
          <SearchBox inDialog onChosen={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
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
