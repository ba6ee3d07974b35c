import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { LIMITS } from '@arena/shared/limits';

import { AppError } from '../../http/app-error.ts';
import { BUCKETS, CONTENT_TYPES, type FileStorage, PUBLIC_BUCKETS } from './file-storage.ts';

export interface FilesRoutesOptions {
  storage: FileStorage;
}

const CACHE_SECONDS: Partial<Record<(typeof BUCKETS)[number], number>> = {
  avatars: LIMITS.avatarCacheSeconds,
  'post-media': LIMITS.postMediaCacheSeconds,
};

/** Public buckets, readable by anyone at `/files/{bucket}/{key}`. */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { storage }) => {
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
        .header('cache-control', `public, max-age=${CACHE_SECONDS[bucket] ?? 3600}`)
        .send(object.stream());
    },
  );
};
