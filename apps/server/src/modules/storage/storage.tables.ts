import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, id, timestampTz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * Every stored file. An upload is claimed by the row that uses it (a post, a message, an
 * application); unclaimed uploads older than a grace period are swept away. A picture records
 * its size and the widths of the display sizes stored beside it (`variantPath`), so they are
 * shown and deleted with it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    variantWidths: integer('variant_widths').array(),
    createdAt: createdAt(),
    claimedAt: timestampTz('claimed_at'),
  },
  (t) => [
    uniqueIndex('stored_files_bucket_path_key').on(t.bucket, t.path),
    index('stored_files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`claimed_at IS NULL`),
  ],
);
