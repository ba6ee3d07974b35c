import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createMetaRepository } from './meta.repository.ts';
import { metaRoutes } from './meta.routes.ts';
import { createReadiness, type RedisPing } from './readiness.ts';

/**
 * Liveness, readiness and the web app's public configuration (`/api/health`, `/api/ready`,
 * `/api/meta`).
 */
export async function registerMeta(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: DatabaseHandle;
    storage: FileStorage;
    redis: RedisPing | null;
  },
) {
  const repo = createMetaRepository(deps.database.db);
  const readiness = createReadiness({ repo, storage: deps.storage, redis: deps.redis });
  // `app.close()` (SIGTERM) starts with these hooks, before the server stops accepting: a
  // balancer's next check on a connection still open hears "shutting down".
  app.addHook('preClose', (done) => {
    readiness.markShuttingDown();
    done();
  });
  await app.register(metaRoutes, {
    prefix: '/api',
    repo,
    readiness,
    databaseKind: deps.database.kind,
    contactEmail: deps.config.contactEmail,
  });
}
