import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, descending, id } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/**
 * `blockerId` blocked `blockedId`: the blocked member cannot see the blocker's profile or posts,
 * follow, message, comment, like or apply to their offers, and each disappears from the other's
 * feed, search, suggestions and notifications.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: id(),
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blockerId, t.blockedId),
    // "Who blocked me" (the other direction of every check) and Settings → Blocked's list.
    index('blocks_blocked_idx').on(t.blockedId),
    index('blocks_blocker_created_idx').on(t.blockerId, descending(t.createdAt), descending(t.id)),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** `muterId` muted `mutedId`: their posts and notifications disappear for the muter only. */
export const mutes = pgTable(
  'mutes',
  {
    id: id(),
    muterId: uuid('muter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mutes_pair_key').on(t.muterId, t.mutedId),
    index('mutes_muter_created_idx').on(t.muterId, descending(t.createdAt), descending(t.id)),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);
