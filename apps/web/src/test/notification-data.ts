import type { Notification, NotificationFilter } from '@arena/shared/notification.schema';
import type { ProfileSummary } from '@arena/shared/profile.schema';

import type { FakeReply } from './fake-api.ts';

/* Notifications as the API sends them, for the notification screens' tests. */

export const ANA: ProfileSummary = {
  id: '1a000000-0000-4000-8000-000000000001',
  username: 'ana_lopez',
  fullName: 'Ana López',
  avatarUrl: null,
  verified: false,
  userType: 'player',
};

export const BEN: ProfileSummary = {
  ...ANA,
  id: '1a000000-0000-4000-8000-000000000002',
  username: 'ben',
  fullName: 'Ben Ode',
};

const POST_ID = '2b000000-0000-4000-8000-000000000001';
let sequence = 0;

export function notification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `3c000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'like',
    actors: [ANA],
    actorCount: 1,
    subject: { type: 'post', id: POST_ID, excerpt: 'Match day' },
    href: `/posts/${POST_ID}`,
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

export const listPath = (filter: NotificationFilter = 'all', cursor?: string) =>
  `/api/notifications?filter=${filter}&limit=20${cursor ? `&cursor=${cursor}` : ''}`;

export const page = (items: Notification[], nextCursor: string | null = null): FakeReply => ({
  status: 200,
  body: { items, nextCursor },
});
