import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { MediaType } from '@arena/shared/constants';
import { MESSAGE_IMAGE_WIDTHS, POST_IMAGE_WIDTHS } from '@arena/shared/image-variants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { asTooLarge } from '../../http/multipart-upload.ts';
import { fileTypeOf } from './file-type.ts';
import { putImageSet, removeUpload } from './image-files.ts';
import { TooManyPixelsError, makeImageSet } from './images.ts';
import { probeVideo } from './video-probe.ts';
import { type Bucket, type FileStorage, isValidKey } from '../storage/file-storage.ts';
import type { MediaRepository } from './media.repository.ts';

export type MediaService = ReturnType<typeof createMediaService>;

/** What an upload may be, by its bytes, and how large; one set of rules per use. */
export interface MediaRules {
  bucket: Bucket;
  imageBytes: number;
  videoBytes: number;
  imageTooLarge: string;
  videoTooLarge: string;
  /** A video's longest length (seconds) and what a longer one is told. */
  videoSeconds: number;
  videoTooLong: string;
  unsupported: string;
  failed: string;
  /** Images are re-encoded to fit this square. */
  imageMaxSide: number;
  /** The display sizes made beside each image (those narrower than it). */
  variantWidths: readonly number[];
}

/** Post media (spec section 5): public, images ≤ 20 MB, videos ≤ 100 MB. */
export const POST_MEDIA: MediaRules = {
  bucket: 'post-media',
  imageBytes: LIMITS.postImageBytes,
  videoBytes: LIMITS.postVideoBytes,
  imageTooLarge: MESSAGES.post.imageTooLarge,
  videoTooLarge: MESSAGES.post.videoTooLarge,
  videoSeconds: LIMITS.postVideoSeconds,
  videoTooLong: MESSAGES.post.videoTooLong,
  unsupported: MESSAGES.post.mediaUnsupported,
  failed: MESSAGES.post.mediaFailed,
  imageMaxSide: 2048,
  variantWidths: POST_IMAGE_WIDTHS,
};

/** Message media (spec section 5): private to the two participants, images ≤ 10 MB, videos ≤ 50 MB. */
export const MESSAGE_MEDIA: MediaRules = {
  bucket: 'message-media',
  imageBytes: LIMITS.messageImageBytes,
  videoBytes: LIMITS.messageVideoBytes,
  imageTooLarge: MESSAGES.messaging.mediaTooLarge,
  videoTooLarge: MESSAGES.messaging.mediaTooLarge,
  videoSeconds: LIMITS.messageVideoSeconds,
  videoTooLong: MESSAGES.messaging.videoTooLong,
  unsupported: MESSAGES.messaging.mediaNotAllowed,
  failed: MESSAGES.messaging.uploadFailed,
  imageMaxSide: 1920,
  variantWidths: MESSAGE_IMAGE_WIDTHS,
};

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
export const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/**
 * Where a video's original waits to be processed: the private message-media bucket (served to
 * nobody: no signed link names it), since a post's public bucket would serve its GPS position.
 */
export const VIDEO_SOURCE_BUCKET = 'message-media' satisfies Bucket;

/** CVs: PDF, Word 97–2003 (an OLE compound file) and Word 2007+ (a zip of XML parts). */
const CV_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** file-type needs this much of the start of a file to be sure. */
const SNIFF_BYTES = 4100;
/** Uploads not attached to anything within this time are deleted. */
const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

interface Kind {
  mediaType: MediaType;
  mime: string;
  maxBytes: number;
  tooLarge: string;
}

async function classify(head: Buffer, rules: MediaRules): Promise<Kind> {
  const type = await fileTypeOf(head);
  if (type && IMAGE_TYPES.has(type.mime)) {
    return {
      mediaType: 'image',
      mime: type.mime,
      maxBytes: rules.imageBytes,
      tooLarge: rules.imageTooLarge,
    };
  }
  if (type && type.mime in VIDEO_TYPES) {
    return {
      mediaType: 'video',
      mime: type.mime,
      maxBytes: rules.videoBytes,
      tooLarge: rules.videoTooLarge,
    };
  }
  throw new AppError('unsupported_media_type', rules.unsupported);
}

export interface StoredUpload {
  id: string;
  key: string;
  mediaType: MediaType;
}

export function createMediaService(
  repo: MediaRepository,
  storage: FileStorage,
  dataDir: string,
  /** Queues a stored video's processing (decision 0051), in the transaction that records it. */
  queueVideo: (tx: Executor, fileId: string) => Promise<void>,
) {
  const uploadDir = path.join(dataDir, 'storage', '.uploads');

  /**
   * Streams the upload to a temporary file, deciding its type from the first bytes and cutting
   * it off as soon as it passes its type's limit. Nothing larger than the limit is ever held.
   */
  async function receive(
    stream: Readable,
    rules: MediaRules,
  ): Promise<{ tempPath: string; kind: Kind; size: number }> {
    await mkdir(uploadDir, { recursive: true });
    const tempPath = path.join(uploadDir, randomUUID());
    // Created before anything is streamed: a write stream opens its file in the background, and
    // an upload refused at its first bytes would otherwise be removed before that file existed,
    // leaving it behind.
    const file = await open(tempPath, 'w');
    let head = Buffer.alloc(0);
    let kind: Kind | undefined;
    let size = 0;
    try {
      await pipeline(
        stream,
        async function* check(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (!kind) {
              head = Buffer.concat([head, chunk]);
              if (head.length >= SNIFF_BYTES) kind = await classify(head, rules);
            }
            if (kind && size > kind.maxBytes)
              throw new AppError('payload_too_large', kind.tooLarge);
            yield chunk;
          }
        },
        file.createWriteStream(),
      );
      kind ??= await classify(head, rules);
      // The multipart parser stops at its own ceiling and marks the stream instead of failing.
      if ((stream as Readable & { truncated?: boolean }).truncated) {
        throw new AppError('payload_too_large', kind.tooLarge);
      }
      return { tempPath, kind, size };
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw asTooLarge(error, kind?.tooLarge ?? rules.videoTooLarge);
    }
  }

  return {
    /**
     * Receives a photo or video under `rules`: images are re-encoded (upright, metadata such as
     * GPS stripped, resized to fit); a video is kept aside once ffprobe has decoded a frame of it
     * (`probeVideo`) and its length is within the limit, and queued to be made playable (an MP4
     * at its key, once `video_status` is ready). Returns the unclaimed upload.
     */
    async upload(auth: AuthContext, stream: Readable, rules: MediaRules): Promise<StoredUpload> {
      const { tempPath, kind, size: receivedBytes } = await receive(stream, rules);
      const stamp = `${Date.now()}-${randomUUID().slice(0, 8)}`;
      let stored: {
        key: string;
        contentType: string;
        size: number;
        width?: number;
        height?: number;
        variantWidths?: number[];
        sourceKey?: string;
        durationMs?: number | null;
      };
      try {
        if (kind.mediaType === 'image') {
          const image = await makeImageSet(
            await readFile(tempPath),
            { width: rules.imageMaxSide, height: rules.imageMaxSide, mode: 'inside' },
            rules.variantWidths,
          ).catch((error: unknown) => {
            if (error instanceof AppError) throw error;
            if (error instanceof TooManyPixelsError) {
              throw new AppError('bad_request', MESSAGES.imageTooManyPixels);
            }
            throw new AppError('bad_request', rules.failed);
          });
          const key = `${auth.userId}/${stamp}.webp`;
          await putImageSet(storage, rules.bucket, key, image);
          stored = {
            key,
            contentType: 'image/webp',
            size: image.original.data.length,
            width: image.original.width,
            height: image.original.height,
            variantWidths: image.variants.map((variant) => variant.nominalWidth),
          };
        } else {
          const video = await probeVideo(tempPath, kind.mime);
          if (!video.ok) throw new AppError('bad_request', rules.failed);
          // A length the container does not declare is checked on the result (videos.service.ts).
          if (video.durationSeconds !== null && video.durationSeconds > rules.videoSeconds + 0.5)
            throw new AppError('bad_request', rules.videoTooLong);
          const sourceKey = `processing/${auth.userId}/${stamp}.${VIDEO_TYPES[kind.mime] ?? 'mp4'}`;
          await storage.adopt(VIDEO_SOURCE_BUCKET, sourceKey, tempPath);
          stored = {
            key: `${auth.userId}/${stamp}.mp4`,
            contentType: 'video/mp4',
            size: receivedBytes,
            sourceKey,
            durationMs:
              video.durationSeconds === null ? null : Math.round(video.durationSeconds * 1000),
          };
        }
      } finally {
        await rm(tempPath, { force: true });
      }
      const record = {
        bucket: rules.bucket,
        path: stored.key,
        ownerUserId: auth.userId,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        width: stored.width ?? null,
        height: stored.height ?? null,
        variantWidths: stored.variantWidths ?? null,
      };
      const { sourceKey } = stored;
      // A video's record and its job are one: neither exists without the other.
      const id = sourceKey
        ? await repo.transaction(async (tx) => {
            const fileId = await repo.insert(
              { ...record, videoStatus: 'processing', sourceKey, durationMs: stored.durationMs },
              tx,
            );
            await queueVideo(tx, fileId);
            return fileId;
          })
        : await repo.insert(record);
      return { id, key: stored.key, mediaType: kind.mediaType };
    },

    /** A CV for an application: PDF, DOC or DOCX by its bytes, at most 10 MB, kept private. */
    async uploadCv(
      auth: AuthContext,
      stream: Readable,
      fileName: string,
    ): Promise<{ id: string; fileName: string }> {
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > LIMITS.cvBytes)
            throw new AppError('payload_too_large', MESSAGES.application.cvTooLarge);
          chunks.push(chunk);
        }
      } catch (error) {
        throw asTooLarge(error, MESSAGES.application.cvTooLarge);
      }
      const bytes = Buffer.concat(chunks);
      const type = await fileTypeOf(bytes);
      const extension = type ? CV_TYPES[type.mime] : undefined;
      if (!type || !extension)
        throw new AppError('unsupported_media_type', MESSAGES.application.cvInvalidType);
      const key = `${auth.userId}/${Date.now()}-${randomUUID().slice(0, 8)}.${extension}`;
      await storage.put('offer-applications', key, bytes);
      const id = await repo.insert({
        bucket: 'offer-applications',
        path: key,
        ownerUserId: auth.userId,
        contentType: type.mime,
        sizeBytes: bytes.length,
      });
      return { id, fileName: fileName.slice(0, 200) };
    },

    /** Deletes uploads that were never attached to anything. Returns how many went. */
    async sweepAbandoned(now = Date.now()): Promise<number> {
      const abandoned = await repo.takeAbandoned(new Date(now - ABANDONED_UPLOAD_MS));
      for (const file of abandoned) {
        if (isValidKey(file.path)) await removeUpload(storage, file.bucket as Bucket, file);
      }
      return abandoned.length;
    },
  };
}

export function publicUrl(bucket: Bucket, key: string): string {
  return `/files/${bucket}/${key}`;
}
