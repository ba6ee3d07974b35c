import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { SessionUser } from '@arena/shared/auth.schema';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';

import { useSignOutMutation } from '../../api/auth.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import type { NavItem } from './nav-items.ts';

/**
 * The avatar menu: My Profile and Logout, plus (on narrow screens, where the top bar has no room
 * for them) the pages only some members see.
 */
export function AccountMenu({
  user,
  extraItems,
}: {
  user: SessionUser;
  extraItems: readonly NavItem[];
}) {
  const signOut = useSignOutMutation();
  const { fullName, username, avatarUrl, userType } = user.profile;
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its
    // links stay focusable underneath (axe: aria-hidden-focus). Focus still moves into the menu.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${fullName}`}
        className={cx(
          'flex shrink-0 flex-col items-center gap-0.5 rounded-lg px-1 py-1 text-xs font-medium text-slate-700 hover:text-slate-950 lg:min-w-16',
          focusRing,
        )}
      >
        <Avatar
          name={fullName}
          src={avatarUrl}
          size="sm"
          sizes="(min-width: 1024px) 24px, 32px"
          className="lg:size-6 lg:text-[0.625rem]"
        />
        <span aria-hidden className="hidden items-center lg:flex">
          Me
          <ChevronDown className="size-3.5" />
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={fullName} src={avatarUrl} />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{fullName}</span>
            <span className="block truncate text-sm font-normal text-slate-700">
              @{username} · {USER_TYPE_LABELS[userType]}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/profile/${encodeURIComponent(username)}`}>
            <UserRound className="size-4" aria-hidden />
            My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings className="size-4" aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        {extraItems.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut className="size-4" aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
