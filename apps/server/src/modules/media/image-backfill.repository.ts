import { and, asc, eq, gt, isNotNull, isNull, like } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { messages } from '../messaging/messaging.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import type { Bucket } from '../storage/file-storage.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type ImageBackfillRepository = ReturnType<typeof createImageBackfillRepository>;

export interface ImageSizesRow {
  width: number;
  height: number;
  variantWidths: number[];
}

/** Posts and messages both keep their photos this way. */
const photoTables = { 'post-media': posts, 'message-media': messages } as const;
export type PhotoBucket = keyof typeof photoTables;

/** The queries of `npm run media:backfill`: photos and avatars stored before display sizes. */
export function createImageBackfillRepository(db: Database) {
  return {
    /** Up to `limit` photos with no recorded size, in id order after `afterId`. */
    async unsizedPhotos(bucket: PhotoBucket, afterId: string | null, limit: number) {
      const table = photoTables[bucket];
      return db
        .select({ id: table.id, path: table.mediaPath })
        .from(table)
        .where(
          and(
            eq(table.mediaType, 'image'),
            isNotNull(table.mediaPath),
            isNull(table.mediaWidth),
            afterId ? gt(table.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(table.id))
        .limit(limit);
    },

    /** Records a photo's size on its row and on its stored file, together. */
    async setPhotoSizes(bucket: PhotoBucket, id: string, path: string, sizes: ImageSizesRow) {
      const table = photoTables[bucket];
      await db.transaction(async (tx) => {
        await tx
          .update(table)
          .set({
            mediaWidth: sizes.width,
            mediaHeight: sizes.height,
            mediaVariantWidths: sizes.variantWidths,
          })
          .where(eq(table.id, id));
        await tx
          .update(storedFiles)
          .set(sizes)
          .where(and(eq(storedFiles.bucket, bucket satisfies Bucket), eq(storedFiles.path, path)));
      });
    },

    /** Profiles whose avatar is a single file from before sizes were made (`…/avatar.webp?v=…`). */
    async unsizedAvatars(afterId: string | null, limit: number) {
      return db
        .select({ id: profiles.id, userId: profiles.userId, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(
          and(
            like(profiles.avatarUrl, '/files/avatars/%/avatar.webp%'),
            afterId ? gt(profiles.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(profiles.id))
        .limit(limit);
    },

    /** Swaps the avatar unless the member set another meanwhile; says whether it did. */
    async replaceAvatarIfUnchanged(profileId: string, from: string, to: string) {
      const rows = await db
        .update(profiles)
        .set({ avatarUrl: to })
        .where(and(eq(profiles.id, profileId), eq(profiles.avatarUrl, from)))
        .returning({ id: profiles.id });
      return rows.length > 0;
    },
  };
}
