import { and, eq, isNull, lt } from 'drizzle-orm';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Bucket } from '../storage/file-storage.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type MediaRepository = ReturnType<typeof createMediaRepository>;

export function createMediaRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** Records an upload, in the caller's transaction `ex` or alone. */
    async insert(
      input: {
        bucket: Bucket;
        path: string;
        ownerUserId: string;
        contentType: string;
        sizeBytes: number;
        /** A picture's size and its display sizes' widths. */
        width?: number | null;
        height?: number | null;
        variantWidths?: number[] | null;
        /** A video waiting to be processed: where its original is kept meanwhile, and its length. */
        videoStatus?: 'processing';
        sourceKey?: string;
        durationMs?: number | null;
      },
      ex: Executor = db,
    ) {
      const [row] = await ex.insert(storedFiles).values(input).returning({ id: storedFiles.id });
      if (!row) throw new Error('The stored file insert returned no row');
      return row.id;
    },

    /** Marks the caller's own unclaimed upload as used; returns it, or undefined if it is not theirs or gone. */
    async claim(ex: Executor, id: string, ownerUserId: string, bucket: Bucket) {
      const [row] = await ex
        .update(storedFiles)
        .set({ claimedAt: new Date() })
        .where(
          and(
            eq(storedFiles.id, id),
            eq(storedFiles.ownerUserId, ownerUserId),
            eq(storedFiles.bucket, bucket),
            isNull(storedFiles.claimedAt),
          ),
        )
        .returning({
          path: storedFiles.path,
          contentType: storedFiles.contentType,
          width: storedFiles.width,
          height: storedFiles.height,
          variantWidths: storedFiles.variantWidths,
          videoStatus: storedFiles.videoStatus,
          durationMs: storedFiles.durationMs,
          posterPath: storedFiles.posterPath,
          smallPath: storedFiles.smallPath,
        });
      return row;
    },

    /**
     * Forgets a stored file; returns where a video's original still waits to be processed (to
     * remove with the rest), or null.
     */
    async removeByPath(ex: Executor, bucket: Bucket, path: string): Promise<string | null> {
      const rows = await ex
        .delete(storedFiles)
        .where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.path, path)))
        .returning({ sourceKey: storedFiles.sourceKey });
      return rows[0]?.sourceKey ?? null;
    },

    /** Deletes the records of uploads never claimed since `before`, returning what to remove from storage. */
    async takeAbandoned(before: Date) {
      return db
        .delete(storedFiles)
        .where(and(isNull(storedFiles.claimedAt), lt(storedFiles.createdAt, before)))
        .returning({
          bucket: storedFiles.bucket,
          path: storedFiles.path,
          variantWidths: storedFiles.variantWidths,
          posterPath: storedFiles.posterPath,
          smallPath: storedFiles.smallPath,
          sourceKey: storedFiles.sourceKey,
        });
    },
  };
}
