import { and, count, eq, gt, lte, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { follows } from '../follows/follows.tables.ts';
import { blockedBy, mutedBy } from '../safety/safety.sql.ts';
import { profileViews, profiles } from './profiles.tables.ts';

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

export const summaryColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  verified: profiles.verified,
  userType: profiles.userType,
};

/**
 * The outer query's profile id, qualified: Drizzle renders a bare column reference without its
 * table, which inside a subquery on `follows` would mean `follows.id`.
 */
export const outerProfileId = sql.raw('"profiles"."id"');

/** `EXISTS (viewer follows profile)`; false for visitors. */
export function isFollowedBy(viewerId: string | null) {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followingId} = ${outerProfileId})`;
}

/**
 * The viewer's block and mute toward the profile; false for visitors. (A profile that blocked the
 * viewer never gets here: `hideProfilesFromCaller` answers 404 on every `:username` route.)
 */
function viewerRelation(viewerId: string | null) {
  if (!viewerId) return { blocking: sql<boolean>`false`, muting: sql<boolean>`false` };
  return {
    blocking: sql<boolean>`${blockedBy(outerProfileId, viewerId)}`,
    muting: sql<boolean>`${mutedBy(viewerId, outerProfileId)}`,
  };
}

export function createProfilesRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async findByUsername(username: string, viewerId: string | null) {
      const [row] = await db
        .select({
          ...summaryColumns,
          userId: profiles.userId,
          bio: profiles.bio,
          createdAt: profiles.createdAt,
          profileViews: profiles.profileViews,
          followersCount: sql<number>`(SELECT count(*)::int FROM ${follows} WHERE ${follows.followingId} = ${outerProfileId})`,
          followingCount: sql<number>`(SELECT count(*)::int FROM ${follows} WHERE ${follows.followerId} = ${outerProfileId})`,
          highlightsCount: sql<number>`(SELECT count(*)::int FROM highlights h WHERE h.profile_id = ${outerProfileId})`,
          isFollowing: isFollowedBy(viewerId),
          ...viewerRelation(viewerId),
        })
        .from(profiles)
        .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
      return row;
    },

    async findIdByUsername(username: string, ex: Executor = db) {
      const [row] = await ex
        .select({ id: profiles.id, userId: profiles.userId })
        .from(profiles)
        .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
      return row;
    },

    async findById(id: string) {
      const [row] = await db
        .select({ ...summaryColumns, userId: profiles.userId, bio: profiles.bio })
        .from(profiles)
        .where(eq(profiles.id, id));
      return row;
    },

    async usernameTakenByOther(username: string, profileId: string) {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            eq(sql`lower(${profiles.username})`, username.toLowerCase()),
            sql`${profiles.id} <> ${profileId}`,
          ),
        );
      return row !== undefined;
    },

    async update(
      profileId: string,
      values: { fullName: string; username: string; bio: string | null },
    ) {
      const [row] = await db
        .update(profiles)
        .set(values)
        .where(eq(profiles.id, profileId))
        .returning({ id: profiles.id });
      return row !== undefined;
    },

    /**
     * Sets the avatar and returns the one it replaces (null for none), read under the row's
     * lock so two uploads at once each get the other's, never the same, to delete.
     */
    async replaceAvatarUrl(profileId: string, avatarUrl: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ avatarUrl: profiles.avatarUrl })
          .from(profiles)
          .where(eq(profiles.id, profileId))
          .for('update');
        await tx.update(profiles).set({ avatarUrl }).where(eq(profiles.id, profileId));
        return current?.avatarUrl ?? null;
      });
    },

    /**
     * Counts a view unless this viewer already counted within the window. The advisory lock
     * makes check-then-insert atomic for the pair, so simultaneous requests count once.
     */
    async recordView(profileId: string, viewerId: string, since: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext(${`${viewerId}:${profileId}`}))`,
        );
        const [recent] = await tx
          .select({ id: profileViews.id })
          .from(profileViews)
          .where(
            and(
              eq(profileViews.viewerId, viewerId),
              eq(profileViews.profileId, profileId),
              gt(profileViews.viewedAt, since),
            ),
          )
          .limit(1);
        if (recent) return false;
        await tx.insert(profileViews).values({ profileId, viewerId });
        await tx
          .update(profiles)
          .set({ profileViews: sql`${profiles.profileViews} + 1` })
          .where(eq(profiles.id, profileId));
        return true;
      });
    },

    async viewsBetween(profileId: string, from: Date, to: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(profileViews)
        .where(
          and(
            eq(profileViews.profileId, profileId),
            gt(profileViews.viewedAt, from),
            lte(profileViews.viewedAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    async totalViews(profileId: string) {
      const [row] = await db
        .select({ n: profiles.profileViews })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row?.n ?? 0;
    },
  };
}
