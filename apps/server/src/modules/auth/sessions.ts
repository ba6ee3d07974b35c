import type { FastifyBaseLogger } from 'fastify';

import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { Database } from '../../db/database.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createSessionRevocations } from './session-revocations.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSessionsService } from './sessions.service.ts';

/**
 * The sessions list and the registry of ended sessions, wired to the database and the bus. A
 * starting instance refuses at once the access tokens of sessions ended within their lifetime.
 */
export async function createSessions(db: Database, bus: EventBus, log: FastifyBaseLogger) {
  const repository = createSessionsRepository(db);
  const since = new Date(Date.now() - TOKEN_LIFETIMES.accessTokenSeconds * 1000);
  const revocations = createSessionRevocations(bus, await repository.revokedSince(since), (error) =>
    log.error({ err: error }, 'announcing ended sessions failed'),
  );
  return { revocations, sessions: createSessionsService(repository, revocations) };
}
