import { canPostOffers } from '@arena/shared/auth.schema';
import type { SessionUser } from '@arena/shared/auth.schema';
import {
  Briefcase,
  ClipboardList,
  FilePlus,
  Flag,
  GraduationCap,
  House,
  Inbox,
  MessageSquare,
  ServerCrash,
  ShieldCheck,
  Tent,
  UserSearch,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';

import { UnreadMessagesBadge } from '../messages/unread-messages-badge.tsx';

export interface NavItem {
  to: string;
  label: string;
  /** What the narrow bottom tab bar shows; the full label stays the accessible name. */
  shortLabel: string;
  icon: LucideIcon;
  /** A live count shown on the link (placed after the label, positioned by `className`). */
  badge?: ComponentType<{ className?: string }>;
}

/** Every member's destinations (spec section 2, Top navigation). */
export const PRIMARY_NAV: readonly NavItem[] = [
  { to: '/feed', label: 'Feed', shortLabel: 'Feed', icon: House },
  {
    to: '/messages',
    label: 'Messages',
    shortLabel: 'Messages',
    icon: MessageSquare,
    badge: UnreadMessagesBadge,
  },
  { to: '/sport-camps', label: 'Sport Camps', shortLabel: 'Camps', icon: Tent },
  { to: '/scholarships', label: 'Scholarships', shortLabel: 'Scholarships', icon: GraduationCap },
  { to: '/offers', label: 'Find Athlete Offers', shortLabel: 'Offers', icon: Briefcase },
];

/** Scout search (issue 24): verified organisations and admins. */
const SCOUT: NavItem = { to: '/scout', label: 'Scout', shortLabel: 'Scout', icon: UserSearch };

/**
 * Scout (admins: in the avatar menu), Post Offers and Applications Received for those who may
 * post (verified organisations and admins); My applications for players; Verify for admins.
 */
export function roleNavItems(user: SessionUser): NavItem[] {
  const items: NavItem[] = [];
  if (user.profile.userType === 'player') {
    items.push({
      to: '/applications',
      label: 'My applications',
      shortLabel: 'Applications',
      icon: ClipboardList,
    });
  }
  const admin = user.roles.includes('admin');
  // An admin's Scout is in the avatar menu (adminToolItems): the bar has no room for a ninth.
  if (canPostOffers(user) && !admin) items.push(SCOUT);
  if (canPostOffers(user)) {
    items.push(
      { to: '/post-offer', label: 'Post Offers', shortLabel: 'Post', icon: FilePlus },
      {
        to: '/applications-received',
        label: 'Applications Received',
        shortLabel: 'Applications',
        icon: Inbox,
      },
    );
  }
  if (admin) {
    items.push({ to: '/verify', label: 'Verify', shortLabel: 'Verify', icon: ShieldCheck });
  }
  return items;
}

/**
 * The admins' occasional tools, in the avatar menu on every screen size: the top bar has no room
 * left for them beside the destinations.
 */
export function adminToolItems(user: SessionUser): NavItem[] {
  if (!user.roles.includes('admin')) return [];
  // Moderation too: with it the top bar of an admin who posts offers overflows at 1366 px.
  return [
    SCOUT,
    { to: '/moderation', label: 'Moderation', shortLabel: 'Moderation', icon: Flag },
    { to: '/admin/jobs', label: 'Failed jobs', shortLabel: 'Jobs', icon: ServerCrash },
  ];
}
