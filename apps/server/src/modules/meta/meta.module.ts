import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createMetaRepository } from './meta.repository.ts';
import { metaRoutes } from './meta.routes.ts';

/** The health check and the web app's public configuration (`/api/health`, `/api/meta`). */
export async function registerMeta(
  app: FastifyInstance,
  deps: { config: AppConfig; database: DatabaseHandle },
) {
  await app.register(metaRoutes, {
    prefix: '/api',
    repo: createMetaRepository(deps.database.db),
    databaseKind: deps.database.kind,
    contactEmail: deps.config.contactEmail,
  });
}
