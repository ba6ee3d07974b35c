import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { fileTypeFromBuffer } from 'file-type';

import type { MediaType } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload } from '@arena/shared/post.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { reencodeImage } from '../../media/images.ts';
import { type Bucket, type FileStorage, isValidKey } from '../storage/file-storage.ts';
import type { MediaRepository } from './media.repository.ts';

export type MediaService = ReturnType<typeof createMediaService>;

/** What post media may be, by its bytes (spec section 5). */
const POST_IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const POST_VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** CVs: PDF, Word 97–2003 (an OLE compound file) and Word 2007+ (a zip of XML parts). */
const CV_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** file-type needs this much of the start of a file to be sure. */
const SNIFF_BYTES = 4100;
const POST_IMAGE_MAX_SIDE = 2048;
/** Uploads not attached to a post within this time are deleted. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

interface Kind {
  mediaType: MediaType;
  mime: string;
  maxBytes: number;
  tooLarge: string;
}

async function classify(head: Buffer): Promise<Kind> {
  const type = await fileTypeFromBuffer(head);
  if (type && POST_IMAGE_TYPES.has(type.mime)) {
    return {
      mediaType: 'image',
      mime: type.mime,
      maxBytes: LIMITS.postImageBytes,
      tooLarge: MESSAGES.post.imageTooLarge,
    };
  }
  if (type && type.mime in POST_VIDEO_TYPES) {
    return {
      mediaType: 'video',
      mime: type.mime,
      maxBytes: LIMITS.postVideoBytes,
      tooLarge: MESSAGES.post.videoTooLarge,
    };
  }
  throw new AppError('unsupported_media_type', MESSAGES.post.mediaUnsupported);
}

export function createMediaService(repo: MediaRepository, storage: FileStorage, dataDir: string) {
  const uploadDir = path.join(dataDir, 'storage', '.uploads');

  /**
   * Streams the upload to a temporary file, deciding its type from the first bytes and cutting
   * it off as soon as it passes its type's limit. Nothing larger than the limit is ever held.
   */
  async function receive(
    stream: Readable,
  ): Promise<{ tempPath: string; kind: Kind; size: number }> {
    await mkdir(uploadDir, { recursive: true });
    const tempPath = path.join(uploadDir, randomUUID());
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
              if (head.length >= SNIFF_BYTES) kind = await classify(head);
            }
            if (kind && size > kind.maxBytes)
              throw new AppError('payload_too_large', kind.tooLarge);
            yield chunk;
          }
        },
        createWriteStream(tempPath),
      );
      kind ??= await classify(head);
      // The multipart parser stops at its own ceiling and marks the stream instead of failing.
      if ((stream as Readable & { truncated?: boolean }).truncated) {
        throw new AppError('payload_too_large', kind.tooLarge);
      }
      return { tempPath, kind, size };
    } catch (error) {
      await rm(tempPath, { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', kind?.tooLarge ?? MESSAGES.post.videoTooLarge);
      }
      throw error;
    }
  }

  return {
    async uploadPostMedia(auth: AuthContext, stream: Readable): Promise<MediaUpload> {
      const { tempPath, kind, size: receivedBytes } = await receive(stream);
      const stamp = `${Date.now()}-${randomUUID().slice(0, 8)}`;
      let key: string;
      let contentType: string;
      let size: number;
      try {
        if (kind.mediaType === 'image') {
          // Re-encoded: upright, metadata (GPS) stripped, at most 2048 px.
          const image = await reencodeImage(await readFile(tempPath), {
            width: POST_IMAGE_MAX_SIDE,
            height: POST_IMAGE_MAX_SIDE,
            mode: 'inside',
          }).catch(() => {
            throw new AppError('bad_request', MESSAGES.post.mediaFailed);
          });
          key = `${auth.userId}/${stamp}.webp`;
          contentType = 'image/webp';
          size = image.data.length;
          await storage.put('post-media', key, image.data);
        } else {
          key = `${auth.userId}/${stamp}.${POST_VIDEO_TYPES[kind.mime] ?? 'mp4'}`;
          contentType = kind.mime;
          size = receivedBytes;
          await storage.adopt('post-media', key, tempPath);
        }
      } finally {
        await rm(tempPath, { force: true });
      }
      const id = await repo.insert({
        bucket: 'post-media',
        path: key,
        ownerUserId: auth.userId,
        contentType,
        sizeBytes: size,
      });
      return { id, url: publicUrl('post-media', key), mediaType: kind.mediaType };
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
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('payload_too_large', MESSAGES.application.cvTooLarge);
        }
        throw error;
      }
      const bytes = Buffer.concat(chunks);
      const type = await fileTypeFromBuffer(bytes);
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
        if (isValidKey(file.path)) await storage.remove(file.bucket as Bucket, file.path);
      }
      return abandoned.length;
    },
  };
}

export function publicUrl(bucket: Bucket, key: string): string {
  return `/files/${bucket}/${key}`;
}
