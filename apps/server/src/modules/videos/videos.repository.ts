import { and, eq } from 'drizzle-orm';

import type { Sport } from '@arena/shared/constants';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { messages } from '../messaging/messaging.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type VideosRepository = ReturnType<typeof createVideosRepository>;

/** What a finished transcode made, as stored beside the upload and its post or message. */
export interface VideoResult {
  sizeBytes: number;
  width: number;
  height: number;
  durationMs: number;
  posterPath: string;
  posterWidths: number[];
  smallPath: string | null;
}

/** The posts and messages that carry an upload, as a settled video leaves them. */
export interface Carriers {
  posts: { id: string; authorId: string; sport: Sport }[];
  messages: { id: string }[];
}

const processing = (fileId: string) =>
  and(eq(storedFiles.id, fileId), eq(storedFiles.videoStatus, 'processing'));

export function createVideosRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** An upload waiting to be processed, with its uploader's profile; undefined otherwise. */
    async findWaiting(fileId: string) {
      const [row] = await db
        .select({
          id: storedFiles.id,
          bucket: storedFiles.bucket,
          path: storedFiles.path,
          sourceKey: storedFiles.sourceKey,
          durationMs: storedFiles.durationMs,
          profileId: profiles.id,
        })
        .from(storedFiles)
        .innerJoin(profiles, eq(profiles.userId, storedFiles.ownerUserId))
        .where(processing(fileId));
      return row?.sourceKey ? { ...row, sourceKey: row.sourceKey } : undefined;
    },

    /**
     * Marks the upload ready and gives its posts and messages the result, in `tx`. The upload's
     * row is updated first: a post being created with it holds that row (its claim), so the
     * post is either seen here or claims the ready upload. False when the upload is gone or no
     * longer processing (deleted meanwhile).
     */
    async finish(tx: Executor, fileId: string, result: VideoResult): Promise<Carriers | null> {
      const settled = await tx
        .update(storedFiles)
        .set({
          videoStatus: 'ready',
          sourceKey: null,
          sizeBytes: result.sizeBytes,
          width: result.width,
          height: result.height,
          variantWidths: result.posterWidths,
          durationMs: result.durationMs,
          posterPath: result.posterPath,
          smallPath: result.smallPath,
        })
        .where(processing(fileId))
        .returning({ id: storedFiles.id });
      if (settled.length === 0) return null;
      const media = {
        mediaStatus: null,
        mediaWidth: result.width,
        mediaHeight: result.height,
        mediaVariantWidths: result.posterWidths,
        mediaDurationMs: result.durationMs,
        mediaPosterPath: result.posterPath,
        mediaSmallPath: result.smallPath,
      };
      return {
        posts: await tx
          .update(posts)
          .set(media)
          .where(eq(posts.mediaFileId, fileId))
          .returning({ id: posts.id, authorId: posts.userId, sport: posts.sport }),
        messages: await tx
          .update(messages)
          .set(media)
          .where(eq(messages.mediaFileId, fileId))
          .returning({ id: messages.id }),
      };
    },

    /**
     * Marks the upload failed, in `tx`: a post goes on without the video (its upload's record
     * goes, with nothing left to serve), a message shows that its video could not be processed.
     */
    async fail(tx: Executor, fileId: string): Promise<Carriers | null> {
      const settled = await tx
        .update(storedFiles)
        .set({ videoStatus: 'failed', sourceKey: null })
        .where(processing(fileId))
        .returning({ id: storedFiles.id });
      if (settled.length === 0) return null;
      const carriers: Carriers = {
        posts: await tx
          .update(posts)
          .set({
            mediaUrl: null,
            mediaType: null,
            mediaPath: null,
            mediaStatus: null,
            mediaFileId: null,
          })
          .where(eq(posts.mediaFileId, fileId))
          .returning({ id: posts.id, authorId: posts.userId, sport: posts.sport }),
        messages: await tx
          .update(messages)
          .set({ mediaStatus: 'failed' })
          .where(eq(messages.mediaFileId, fileId))
          .returning({ id: messages.id }),
      };
      if (carriers.posts.length > 0) {
        await tx.delete(storedFiles).where(eq(storedFiles.id, fileId));
      }
      return carriers;
    },
  };
}
