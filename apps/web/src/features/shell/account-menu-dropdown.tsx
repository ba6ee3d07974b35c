import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { SessionUser } from '@arena/shared/auth.schema';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { useSignOutMutation } from '../../lib/session/session-queries.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { AccountMenuFace, accountMenuButtonClass, accountMenuLabel } from './account-menu-face.tsx';
import type { NavItem } from './nav-items.ts';

export interface AccountMenuDropdownProps {
  user: SessionUser;
  extraItems: readonly NavItem[];
  /** Open at once: the member pressed the button while this code was loading. */
  defaultOpen: boolean;
  /** The button this one replaces had the focus: it moves here. */
  takeFocus: boolean;
}

/** The avatar menu itself, with Radix's menu (loaded when the member first reaches for it). */
export function AccountMenuDropdown({
  user,
  extraItems,
  defaultOpen,
  takeFocus,
}: AccountMenuDropdownProps) {
  const signOut = useSignOutMutation();
  const trigger = useRef<HTMLButtonElement>(null);
  const { fullName, username, avatarUrl, userType } = user.profile;
  // Both are fixed when this replaces the placeholder button: the effect runs once.
  useEffect(() => {
    if (takeFocus && !defaultOpen) trigger.current?.focus();
  }, [takeFocus, defaultOpen]);
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its
    // links stay focusable underneath (axe: aria-hidden-focus). Focus still moves into the menu.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        ref={trigger}
        aria-label={accountMenuLabel(user)}
        className={accountMenuButtonClass}
      >
        <AccountMenuFace user={user} />
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
