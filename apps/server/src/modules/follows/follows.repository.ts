import { and, desc, eq, lt, or, sql } from 'drizzle-orm';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { isFollowedBy, summaryColumns } from '../profiles/profiles.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { follows } from './follows.tables.ts';

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;

export function createFollowsRepository(db: Database) {
  const followersCount = async (profileId: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.followingId, profileId));
    return row?.n ?? 0;
  };

  /** People on one side of the follows of `profileId`, newest follow first. */
  const listSide = async (
    side: 'followers' | 'following',
    profileId: string,
    viewerId: string | null,
    after: Position | null,
    limit: number,
  ) => {
    const [own, other] =
      side === 'followers'
        ? [follows.followingId, follows.followerId]
        : [follows.followerId, follows.followingId];
    return db
      .select({
        ...summaryColumns,
        bio: profiles.bio,
        isFollowing: isFollowedBy(viewerId),
        followId: follows.id,
        followedAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(profiles, eq(profiles.id, other))
      .where(
        and(
          eq(own, profileId),
          after
            ? or(
                lt(follows.createdAt, after.createdAt),
                and(eq(follows.createdAt, after.createdAt), lt(follows.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(literalLimit(limit + 1));
  };

  return {
    followersCount,

    /** Idempotent: following twice leaves one row. */
    transaction: transactionOn(db),

    /** True when the follow is new (not when it already was). */
    async follow(tx: Executor, followerId: string, followingId: string): Promise<boolean> {
      const added = await tx
        .insert(follows)
        .values({ followerId, followingId })
        .onConflictDoNothing()
        .returning({ id: follows.followerId });
      return added.length > 0;
    },

    /** Whom `profileId` follows, every one: what their open feeds listen for (realtime). */
    async followingIds(profileId: string): Promise<string[]> {
      const rows = await db
        .select({ id: follows.followingId })
        .from(follows)
        .where(eq(follows.followerId, profileId));
      return rows.map((row) => row.id);
    },

    /** True when there was a follow to end. */
    async unfollow(tx: Executor, followerId: string, followingId: string): Promise<boolean> {
      const removed = await tx
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
        .returning({ id: follows.followerId });
      return removed.length > 0;
    },

    listFollowers: (
      profileId: string,
      viewerId: string | null,
      after: Position | null,
      limit: number,
    ) => listSide('followers', profileId, viewerId, after, limit),

    listFollowing: (
      profileId: string,
      viewerId: string | null,
      after: Position | null,
      limit: number,
    ) => listSide('following', profileId, viewerId, after, limit),
  };
}
