import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { healthSchema, metaSchema } from '@arena/shared/meta.schema';

import type { DatabaseHandle } from '../../db/database.ts';
import type { MetaRepository } from './meta.repository.ts';

export interface MetaRoutesOptions {
  repo: MetaRepository;
  databaseKind: DatabaseHandle['kind'];
  contactEmail: string;
}

export const metaRoutes: FastifyPluginAsyncZod<MetaRoutesOptions> = async (
  app,
  { repo, databaseKind, contactEmail },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: healthSchema },
      },
    },
    async () => {
      await repo.ping();
      return { status: 'ok' as const, database: databaseKind };
    },
  );

  app.get(
    '/meta',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public configuration for the web app',
        security: [],
        response: { 200: metaSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { contactEmail };
    },
  );
};
