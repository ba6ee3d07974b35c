import { ClipboardCheck, GraduationCap, House, Menu, Tent, Users, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

/**
 * Every item leads a visitor to sign in (spec section 2, Landing page), and on to its page once
 * signed in (the feed is where signing in leads anyway).
 */
const NAV_ITEMS = [
  { label: 'Feed', icon: House, to: '/auth' },
  { label: 'Network', icon: Users, to: '/auth?redirectTo=%2Fdiscover' },
  { label: 'Camps', icon: Tent, to: '/auth?redirectTo=%2Fsport-camps' },
  { label: 'Scholarships', icon: GraduationCap, to: '/auth?redirectTo=%2Fscholarships' },
  { label: 'Tryouts', icon: ClipboardCheck, to: '/auth?redirectTo=%2Foffers' },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Arena home" className={cx('rounded-lg', focusRing)}>
          <Logo wordClassName="sr-only min-[400px]:not-sr-only" />
        </Link>
        <div className="flex items-center gap-2 sm:gap-4">
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center">
              {NAV_ITEMS.map(({ label, icon: Icon, to }) => (
                <li key={label}>
                  <Link
                    to={to}
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
          <SmallScreenMenu />
          <Button asChild variant="ghost" size="md" className="px-2 sm:px-4">
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

/**
 * Below md the destinations fold into a disclosure: a Menu button (aria-expanded) that shows the
 * same links in a panel below the bar. Escape or a second press closes it, focus returning to the
 * button; a link followed closes it too.
 */
function SmallScreenMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((value) => !value)}
        className={cx(
          'grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100',
          focusRing,
        )}
      >
        {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
      </button>
      <nav
        ref={panel}
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {NAV_ITEMS.map(({ label, icon: Icon, to }) => (
            <li key={label}>
              <Link
                to={to}
                onClick={() => setOpen(false)}
                className={cx(
                  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100',
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
    </div>
  );
}
