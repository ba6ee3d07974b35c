import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, descending, id } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export const follows = pgTable(
  'follows',
  {
    id: id(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId, descending(t.createdAt)),
    check('follows_no_self_follow', sql`${t.followerId} <> ${t.followingId}`),
  ],
);
