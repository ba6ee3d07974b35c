import { eq, sql } from 'drizzle-orm';

import {
  DEFAULT_NOTICE_PREFERENCES,
  NOTICE_KINDS,
  type NoticeKind,
  type NoticePreferences,
  type UpdateNoticePreferences,
} from '@arena/shared/notification.schema';

import type { Database } from '../../db/database.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { notificationPreferences } from './notifications.tables.ts';

export type NotificationPreferencesRepository = ReturnType<
  typeof createNotificationPreferencesRepository
>;

/** A member's choices per kind (the defaults where they made none), and where their mail goes. */
export function createNotificationPreferencesRepository(db: Database) {
  async function get(profileId: string): Promise<NoticePreferences> {
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.profileId, profileId));
    const chosen = structuredClone(DEFAULT_NOTICE_PREFERENCES);
    for (const row of rows) chosen[row.kind] = { email: row.email, push: row.push };
    return chosen;
  }

  return {
    get,

    /** Applies a change to some kinds in one transaction; the rest keep their choice. */
    async update(profileId: string, change: UpdateNoticePreferences): Promise<NoticePreferences> {
      const current = await get(profileId);
      const values = NOTICE_KINDS.filter((kind) => change[kind]).map((kind: NoticeKind) => ({
        profileId,
        kind,
        email: change[kind]?.email ?? current[kind].email,
        push: change[kind]?.push ?? current[kind].push,
      }));
      if (values.length > 0) {
        await db
          .insert(notificationPreferences)
          .values(values)
          .onConflictDoUpdate({
            target: [notificationPreferences.profileId, notificationPreferences.kind],
            set: { email: sql`EXCLUDED.email`, push: sql`EXCLUDED.push` },
          });
      }
      return get(profileId);
    },

    /** The address and name a notice mail goes to; undefined for a profile that is gone. */
    async contact(profileId: string): Promise<{ email: string; fullName: string } | undefined> {
      const [row] = await db
        .select({ email: users.email, fullName: profiles.fullName })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, profileId));
      return row;
    },
  };
}
