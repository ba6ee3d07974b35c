import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { VIDEO_STATES } from '@arena/shared/video.schema';

import { createdAt, id, oneOf, timestampTz } from '../../db/columns.ts';
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
    /**
     * A video's processing (decision 0051): `processing` while the original waits at
     * `source_key` (in the private message-media bucket) to become the MP4 at `path`; then
     * `ready` or `failed`. Null for every other file.
     */
    videoStatus: text('video_status', { enum: VIDEO_STATES }),
    sourceKey: text('source_key'),
    durationMs: integer('duration_ms'),
    posterPath: text('poster_path'),
    smallPath: text('small_path'),
    createdAt: createdAt(),
    claimedAt: timestampTz('claimed_at'),
  },
  (t) => [
    uniqueIndex('stored_files_bucket_path_key').on(t.bucket, t.path),
    index('stored_files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`claimed_at IS NULL`),
    check(
      'stored_files_video_status_check',
      sql`${t.videoStatus} IS NULL OR ${oneOf('video_status', VIDEO_STATES)}`,
    ),
  ],
);
