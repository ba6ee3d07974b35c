import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { isVariantOf } from '@arena/shared/image-variants';

import { AppError } from '../../http/app-error.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { BUCKETS, CONTENT_TYPES, type FileStorage, PUBLIC_BUCKETS } from './file-storage.ts';
import { cacheControl, redirectCacheControl } from './public-cache.ts';

export interface FilesRoutesOptions {
  storage: FileStorage;
  /** Checks a signed URL's token; the grant names the one object it opens. */
  verifyGrant: (
    token: string,
  ) => Promise<{ bucket: string; key: string; downloadName?: string } | null>;
}

/**
 * How long an object store's signed address for a private file stays good: the browser follows
 * the redirect at once; a video's later range requests need a few minutes more.
 */
const SIGNED_REDIRECT_SECONDS = 300;

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * Public buckets, readable by anyone at `/files/{bucket}/{key}`: from a CDN's address when the
 * store names one (a redirect), else sent from here.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { storage, verifyGrant },
) => {
  /**
   * Private buckets, through signed URLs only: `/files/signed/{bucket}/{key}?token=…`. The token
   * names the exact object and expires; it opens that object and the display sizes made from
   * it (decision 0030), nothing else. An object store sends the file itself, by a redirect to
   * an address it signed for a few minutes (decision 0048).
   */
  app.get(
    '/signed/:bucket/*',
    {
      schema: {
        hide: true,
        params: z.object({ bucket: z.enum(BUCKETS), '*': z.string().max(300) }),
        querystring: z.object({ token: z.string().max(2000) }),
      },
    },
    async (request, reply) => {
      const { bucket, '*': key } = request.params;
      const grant = await verifyGrant(request.query.token);
      if (
        !grant ||
        grant.bucket !== bucket ||
        (grant.key !== key && !isVariantOf(key, grant.key))
      ) {
        throw new AppError('forbidden', 'This link has expired or is not valid.');
      }
      const object = await storage.get(bucket, key);
      if (!object) throw new AppError('not_found', 'File not found');
      const contentType = contentTypeOf(key);
      const downloadName =
        grant.key === key && grant.downloadName
          ? grant.downloadName
          : key.slice(key.lastIndexOf('/') + 1);
      reply.header('cache-control', 'private, no-store');
      const direct = await storage.signedUrl(bucket, key, {
        downloadName,
        contentType,
        expiresInSeconds: SIGNED_REDIRECT_SECONDS,
      });
      if (direct) return reply.redirect(direct, 302);
      return reply
        .header('content-type', contentType)
        .header('content-length', object.size)
        .header('content-disposition', contentDisposition(downloadName))
        .send(object.stream());
    },
  );

  app.get(
    '/:bucket/*',
    {
      schema: {
        hide: true,
        params: z.object({ bucket: z.enum(BUCKETS), '*': z.string().max(300) }),
      },
    },
    async (request, reply) => {
      const { bucket, '*': key } = request.params;
      if (!PUBLIC_BUCKETS.includes(bucket)) throw new AppError('not_found', 'File not found');
      const elsewhere = storage.publicUrl(bucket, key);
      if (elsewhere) {
        return reply
          .header('cache-control', redirectCacheControl(bucket, key))
          .redirect(elsewhere, 302);
      }
      const object = await storage.get(bucket, key);
      if (!object) throw new AppError('not_found', 'File not found');
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', object.size)
        .header('cache-control', cacheControl(bucket, key))
        .send(object.stream());
    },
  );
};
