import { and, eq } from 'drizzle-orm';

import {
  DEFAULT_NOTICE_PREFERENCES,
  NOTICE_KINDS,
  type NoticeKind,
} from '@arena/shared/notification.schema';

import type { Database } from '../../db/database.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { notificationPreferences } from './notifications.tables.ts';

export type UnsubscribeRepository = ReturnType<typeof createUnsubscribeRepository>;

/** Kinds whose email comes in the daily digest unless the member chose otherwise. */
const DAILY_BY_DEFAULT = NOTICE_KINDS.filter(
  (kind) => DEFAULT_NOTICE_PREFERENCES[kind].email === 'daily',
);

/** What a one-click unsubscribe reads and changes: the address, and the email choices. */
export function createUnsubscribeRepository(db: Database) {
  return {
    /** The account's address now, or undefined for a profile that no longer exists. */
    async currentEmail(profileId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, profileId));
      return row?.email;
    },

    /** Email for `kind` off; its push choice stays (a kind without a row keeps its default). */
    async turnEmailOff(profileId: string, kind: NoticeKind): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ profileId, kind, email: 'off', push: DEFAULT_NOTICE_PREFERENCES[kind].push })
        .onConflictDoUpdate({
          target: [notificationPreferences.profileId, notificationPreferences.kind],
          set: { email: 'off' },
        });
    },

    /**
     * Email off for every kind that comes in the daily digest now: those chosen 'daily', and
     * those without a choice whose default is 'daily'. Kinds sent immediately are left alone.
     */
    async turnDailyOff(profileId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(notificationPreferences)
          .set({ email: 'off' })
          .where(
            and(
              eq(notificationPreferences.profileId, profileId),
              eq(notificationPreferences.email, 'daily'),
            ),
          );
        if (DAILY_BY_DEFAULT.length === 0) return;
        // A kind with a row of its own was settled above (or is not daily): only the others.
        await tx
          .insert(notificationPreferences)
          .values(
            DAILY_BY_DEFAULT.map((kind) => ({
              profileId,
              kind,
              email: 'off' as const,
              push: DEFAULT_NOTICE_PREFERENCES[kind].push,
            })),
          )
          .onConflictDoNothing({
            target: [notificationPreferences.profileId, notificationPreferences.kind],
          });
      });
    },
  };
}
