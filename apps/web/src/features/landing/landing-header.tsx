import { ClipboardCheck, GraduationCap, House, Tent, Users } from 'lucide-react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

/** Every item leads a visitor to sign in (spec section 2, Landing page). */
const NAV_ITEMS = [
  { label: 'Feed', icon: House },
  { label: 'Network', icon: Users },
  { label: 'Camps', icon: Tent },
  { label: 'Scholarships', icon: GraduationCap },
  { label: 'Tryouts', icon: ClipboardCheck },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Arena home" className={cx('rounded-lg', focusRing)}>
          <Logo />
        </Link>
        <div className="flex items-center gap-2 sm:gap-4">
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center">
              {NAV_ITEMS.map(({ label, icon: Icon }) => (
                <li key={label}>
                  <Link
                    to="/auth"
                    className={cx(
                      'flex min-w-18 flex-col items-center gap-0.5 rounded-lg px-2 py-1.5 text-xs font-medium text-slate-700 hover:text-slate-950',
                      focusRing,
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <span aria-hidden className="hidden h-10 w-px bg-slate-200 md:block" />
          <Button asChild variant="ghost" size="md" className="px-3 sm:px-4">
            <Link to="/auth?tab=signup">Join now</Link>
          </Button>
          <Button asChild variant="outline" size="md">
            <Link to="/auth">Sign in</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
