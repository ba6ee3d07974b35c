import type { SessionUser } from '@arena/shared/auth.schema';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { AccountMenu } from './account-menu.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { MobilePeopleShortcuts } from './mobile-search.tsx';
import { PRIMARY_NAV, adminToolItems, roleNavItems } from './nav-items.ts';
import { SearchBox } from './search-box.tsx';
import { DESKTOP_NAV_QUERY, useMediaQuery } from './use-media-query.ts';

const headerClass = 'sticky top-0 z-40 border-b border-slate-200 bg-white';
const rowClass = 'mx-auto flex h-16 max-w-7xl items-stretch gap-3 px-4 sm:px-6';

/**
 * The signed-in top bar: logo to /feed, search, the destinations, the notifications bell (on every
 * screen size: the bottom tab bar has no room for a sixth destination) and the avatar menu.
 */
export function AppHeader({ user }: { user: SessionUser }) {
  const isDesktop = useMediaQuery(DESKTOP_NAV_QUERY);
  const roleItems = roleNavItems(user);
  return (
    <header className={headerClass}>
      <div className={rowClass}>
        <div className="flex items-center gap-3">
          <Link to="/feed" className={cx('rounded-lg', focusRing)}>
            {/* The word gives way where the bar is crowded: phones, and lg with every link shown. */}
            <Logo wordClassName="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only" />
          </Link>
          <SearchBox />
        </div>
        <div className="ml-auto flex items-stretch gap-1">
          <DesktopNav items={[...PRIMARY_NAV, ...roleItems]} />
          <MobilePeopleShortcuts />
          <div className="flex items-center gap-1">
            <NotificationBell />
            <AccountMenu
              user={user}
              extraItems={[...(isDesktop ? [] : roleItems), ...adminToolItems(user)]}
            />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The same bar for a visitor on a public page inside the app (e.g. /offers). */
export function VisitorHeader() {
  return (
    <header className={headerClass}>
      <div className={rowClass}>
        <Link to="/" className={cx('self-center rounded-lg', focusRing)}>
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="ghost" className="px-3 sm:px-4">
            <Link to="/auth?tab=signup">Join now</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth">Sign in</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
