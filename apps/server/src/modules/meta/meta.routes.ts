import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { healthSchema, metaSchema, notReadySchema, readySchema } from '@arena/shared/meta.schema';

import type { DatabaseHandle } from '../../db/database.ts';
import type { MetaRepository } from './meta.repository.ts';
import { notReadyMessage, type Readiness } from './readiness.ts';

export interface MetaRoutesOptions {
  repo: MetaRepository;
  readiness: Readiness;
  databaseKind: DatabaseHandle['kind'];
  contactEmail: string;
}

export const metaRoutes: FastifyPluginAsyncZod<MetaRoutesOptions> = async (
  app,
  { repo, readiness, databaseKind, contactEmail },
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
    '/ready',
    {
      schema: {
        tags: ['meta'],
        summary:
          'Readiness for a load balancer: the database, Redis (when configured) and the file storage answer, and the process is not shutting down',
        security: [],
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { ready, checks, failures } = await readiness.check();
      if (ready) return { status: 'ready' as const, checks };
      for (const { part, error } of failures) {
        request.log.warn({ err: error, part }, 'readiness check failed');
      }
      const message = notReadyMessage(checks);
      return reply.status(503).send({ error: { code: 'unavailable' as const, message }, checks });
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
