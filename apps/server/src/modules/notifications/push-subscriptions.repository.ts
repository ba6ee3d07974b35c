import { and, eq, isNull, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { sessionIsActive } from '../auth/sessions.repository.ts';
import { pushSubscriptions } from './notifications.tables.ts';

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;

/** A browser a member turned push on in: where to send, and the keys to encrypt for it. */
export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const columns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

export function createPushSubscriptionsRepository(db: Database) {
  return {
    /**
     * Stores the browser's subscription for `profileId`. An endpoint is one browser profile: when
     * someone else signs in on it and turns push on, it moves to them (with its new keys), so the
     * one who signed out stops getting notices there.
     */
    async save(
      profileId: string,
      sessionId: string | null,
      input: { endpoint: string; p256dh: string; auth: string },
    ): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ profileId, sessionId, ...input })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { profileId, sessionId, p256dh: input.p256dh, auth: input.auth },
        });
    },

    /** Only the member's own: another member's endpoint is left alone. */
    async remove(profileId: string, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.profileId, profileId), eq(pushSubscriptions.endpoint, endpoint)),
        )
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** A subscription the push service says is gone (404, 410): the browser dropped it. */
    async removeGone(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /**
     * The member's browsers whose session is still active. Those of an ended session (signed
     * out, ended from another device, a password change) are removed as they are found.
     */
    async listFor(profileId: string): Promise<StoredPushSubscription[]> {
      const live = or(
        isNull(pushSubscriptions.sessionId),
        sessionIsActive(sql`${pushSubscriptions.sessionId}`),
      );
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.profileId, profileId), sql`NOT (${live})`));
      return db
        .select(columns)
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.profileId, profileId), live))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    },
  };
}
