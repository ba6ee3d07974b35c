import { and, desc, eq, lt, or, sql } from 'drizzle-orm';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { follows } from '../follows/follows.tables.ts';
import { withdrawActor } from '../notifications/notifications.repository.ts';
import { summaryColumns } from '../profiles/profiles.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { hiddenFrom } from './safety.sql.ts';
import { blocks, mutes } from './safety.tables.ts';

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;

export function createSafetyRepository(db: Database) {
  /** The members `ownerId` blocked or muted, newest first, after `after`. */
  function listOf(table: typeof blocks | typeof mutes) {
    const [owner, other] =
      table === blocks ? [blocks.blockerId, blocks.blockedId] : [mutes.muterId, mutes.mutedId];
    return (ownerId: string, after: Position | null, limit: number) =>
      db
        .select({ ...summaryColumns, since: table.createdAt, rowId: table.id })
        .from(table)
        .innerJoin(profiles, eq(profiles.id, other))
        .where(
          and(
            eq(owner, ownerId),
            after
              ? or(
                  lt(table.createdAt, after.createdAt),
                  and(eq(table.createdAt, after.createdAt), lt(table.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(literalLimit(limit + 1));
  }

  return {
    /**
     * Blocks `blockedId` for `blockerId`: the follows both ways end, and the blocked member
     * leaves the blocker's unread notifications (an entry only they made goes).
     */
    async block(blockerId: string, blockedId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
        await tx
          .delete(follows)
          .where(
            or(
              and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId)),
              and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId)),
            ),
          );
        await withdrawActor(tx, sql`recipient_id = ${blockerId}`, blockedId);
      });
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },

    /** Mutes `mutedId` for `muterId`, taking them out of the muter's unread notifications too. */
    async mute(muterId: string, mutedId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
        await withdrawActor(tx, sql`recipient_id = ${muterId}`, mutedId);
      });
    },

    async unmute(muterId: string, mutedId: string): Promise<void> {
      await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
    },

    /** The blocks between `viewerId` and `otherId`, each way (in `ex`, a caller's transaction). */
    async between(
      viewerId: string,
      otherId: string,
      ex: Executor = db,
    ): Promise<{ blocking: boolean; blockedBy: boolean }> {
      const rows = await ex
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)),
            and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId)),
          ),
        );
      return {
        blocking: rows.some((row) => row.blockerId === viewerId),
        blockedBy: rows.some((row) => row.blockerId === otherId),
      };
    },

    /**
     * Of `viewerIds`, those from whom `authorId`'s content is hidden (a block either way, or the
     * viewer muted the author): the live events of a post are not sent to them.
     */
    async hidingFrom(viewerIds: readonly string[], authorId: string): Promise<Set<string>> {
      if (viewerIds.length === 0) return new Set();
      // One text parameter (ids joined), the same statement whatever the number of viewers.
      const rows = await selectRows<{ id: string }>(
        db,
        sql`SELECT v.id FROM unnest(string_to_array(${viewerIds.join(',')}::text, ',')::uuid[]) AS v(id)
          WHERE ${hiddenFrom(sql`v.id`, authorId)}`,
      );
      return new Set(rows.map((row) => row.id));
    },

    blocked: listOf(blocks),
    muted: listOf(mutes),
  };
}
