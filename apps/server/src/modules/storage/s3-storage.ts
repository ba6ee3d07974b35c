import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { contentDisposition } from '../../http/content-disposition.ts';
import { sha256Of } from './checksums.ts';
import {
  type Bucket,
  CONTENT_TYPES,
  type FileStorage,
  isValidKey,
  PUBLIC_BUCKETS,
} from './file-storage.ts';
import { cacheControl } from './public-cache.ts';
import type { S3Settings } from './s3-config.ts';

/** Parts of a multipart upload: S3's minimum is 5 MiB; two in flight bound the memory used. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Recent SDKs add CRC checksums to every request by default, which servers other than AWS
    // may reject; the content is checked end to end by its SHA-256 instead.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

/**
 * Files on S3-compatible object storage. Each kind of file goes to its bucket as `{kind}/{key}`,
 * with its SHA-256 in the object's metadata (`x-amz-meta-sha256`) so copies can be verified.
 */
export function createS3Storage(
  settings: S3Settings,
  client = createS3Client(settings),
): FileStorage {
  const location = (bucket: Bucket, key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return { Bucket: settings.buckets[bucket], Key: `${bucket}/${key}` };
  };
  const headersFor = (bucket: Bucket, key: string, sha256: string) => ({
    ContentType: contentTypeOf(key),
    ...(PUBLIC_BUCKETS.includes(bucket) ? { CacheControl: cacheControl(bucket, key) } : {}),
    Metadata: { sha256 },
  });
  const bucketNames = [...new Set(Object.values(settings.buckets))];

  return {
    description: `S3 ${settings.endpoint ?? `AWS ${settings.region}`} (${bucketNames.join(', ')})`,

    async put(bucket, key, data) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      await client.send(
        new PutObjectCommand({
          ...location(bucket, key),
          Body: data,
          ContentLength: data.length,
          ...headersFor(bucket, key, sha256),
        }),
      );
    },

    async adopt(bucket, key, sourcePath) {
      const target = location(bucket, key);
      // The checksum goes in the metadata, sent before the content: read the file twice.
      const { sha256 } = await sha256Of(createReadStream(sourcePath));
      await new Upload({
        client,
        params: {
          ...target,
          Body: createReadStream(sourcePath),
          ...headersFor(bucket, key, sha256),
        },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      }).done();
      await rm(sourcePath, { force: true });
    },

    async get(bucket, key) {
      if (!isValidKey(key)) return null;
      const target = location(bucket, key);
      const head = await client.send(new HeadObjectCommand(target)).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (!head) return null;
      return {
        size: head.ContentLength ?? 0,
        sha256: head.Metadata?.sha256 ?? null,
        // The content is asked for only when read, so a caller that only looks costs no download.
        stream: () => {
          const content = new PassThrough();
          client
            .send(new GetObjectCommand(target))
            .then((response) => pipeline(response.Body as Readable, content))
            .catch((error: unknown) => content.destroy(error as Error));
          return content;
        },
      };
    },

    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand(location(bucket, key)));
    },

    async *list(bucket) {
      const prefix = `${bucket}/`;
      const pages = paginateListObjectsV2(
        { client },
        { Bucket: settings.buckets[bucket], Prefix: prefix },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          if (isValidKey(key)) yield { key, size: object.Size ?? 0 };
        }
      }
    },

    async checkReachable() {
      for (const name of bucketNames) {
        try {
          await client.send(new HeadBucketCommand({ Bucket: name }));
        } catch (error) {
          const status =
            error instanceof S3ServiceException ? error.$metadata.httpStatusCode : null;
          const reason = status === 404 ? 'does not exist' : (error as Error).message || status;
          throw new Error(`S3 bucket ${name} is not reachable: ${reason}`, { cause: error });
        }
      }
    },

    publicUrl(bucket, key) {
      if (!settings.publicUrl || !PUBLIC_BUCKETS.includes(bucket) || !isValidKey(key)) return null;
      return `${settings.publicUrl}/${bucket}/${key}`;
    },

    signedUrl(bucket, key, { downloadName, contentType, expiresInSeconds }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          ...location(bucket, key),
          ResponseContentDisposition: contentDisposition(downloadName),
          ResponseContentType: contentType,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: expiresInSeconds },
      );
    },
  };
}
