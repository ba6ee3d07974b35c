import type { SessionUser } from '@arena/shared/auth.schema';
import { ChevronDown } from 'lucide-react';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

/** The avatar button's look, the same before and after the menu's code has loaded. */
export const accountMenuButtonClass = cx(
  'flex shrink-0 flex-col items-center gap-0.5 rounded-lg px-1 py-1 text-xs font-medium text-slate-700 hover:text-slate-950 lg:min-w-16',
  focusRing,
);

export function accountMenuLabel(user: SessionUser): string {
  return `Account menu for ${user.profile.fullName}`;
}

/** What the avatar button shows: the avatar, and 'Me' beside it on wide screens. */
export function AccountMenuFace({ user }: { user: SessionUser }) {
  const { fullName, avatarUrl } = user.profile;
  return (
    <>
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
    </>
  );
}
