import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { hasAvatarVariants, isVariantOf, isVariantPath } from '@arena/shared/image-variants';
import { LIMITS } from '@arena/shared/limits';

import { AppError } from '../../http/app-error.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { BUCKETS, CONTENT_TYPES, type FileStorage, PUBLIC_BUCKETS } from './file-storage.ts';

export interface FilesRoutesOptions {
  storage: FileStorage;
  /** Checks a signed URL's token; the grant names the one object it opens. */
  verifyGrant: (
    token: string,
  ) => Promise<{ bucket: string; key: string; downloadName?: string } | null>;
}

const CACHE_SECONDS: Partial<Record<(typeof BUCKETS)[number], number>> = {
  avatars: LIMITS.avatarCacheSeconds,
  'post-media': LIMITS.postMediaCacheSeconds,
};

/** A year: the longest max-age caches honour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Display sizes and versioned avatars never change under their name (a new picture gets a new
 * name), so browsers keep them without asking again. Other files keep the spec's one hour.
 */
function cacheControl(bucket: (typeof BUCKETS)[number], key: string): string {
  if (isVariantPath(key) || (bucket === 'avatars' && hasAvatarVariants(`/files/avatars/${key}`))) {
    return IMMUTABLE;
  }
  return `public, max-age=${CACHE_SECONDS[bucket] ?? 3600}`;
}

/** Public buckets, readable by anyone at `/files/{bucket}/{key}`. */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { storage, verifyGrant },
) => {
  /**
   * Private buckets, through signed URLs only: `/files/signed/{bucket}/{key}?token=…`. The token
   * names the exact object and expires; it opens that object and the display sizes made from
   * it (decision 0030), nothing else.
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
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', object.size)
        .header(
          'content-disposition',
          contentDisposition(
            grant.key === key && grant.downloadName
              ? grant.downloadName
              : key.slice(key.lastIndexOf('/') + 1),
          ),
        )
        .header('cache-control', 'private, no-store')
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
      const object = PUBLIC_BUCKETS.includes(bucket) ? await storage.get(bucket, key) : null;
      if (!object) throw new AppError('not_found', 'File not found');
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', object.size)
        .header('cache-control', cacheControl(bucket, key))
        .send(object.stream());
    },
  );
};
