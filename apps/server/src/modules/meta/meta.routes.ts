import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';

import { healthSchema, metaSchema } from '@arena/shared/meta.schema';

import type { DatabaseHandle } from '../../db/database.ts';

export interface MetaRoutesOptions {
  database: DatabaseHandle;
  contactEmail: string;
}

export const metaRoutes: FastifyPluginAsyncZod<MetaRoutesOptions> = async (
  app,
  { database, contactEmail },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  );

  app.get(
    '/meta',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public configuration for the web app',
        response: { 200: metaSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { contactEmail };
    },
  );
};
