import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createPeopleRepository } from './people.repository.ts';
import { peopleRoutes } from './people.routes.ts';
import { createPeopleService } from './people.service.ts';

/** Discovering and searching people (`/api/people/*`). Returns the people service. */
export async function registerPeople(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards },
) {
  const people = createPeopleService(createPeopleRepository(deps.database.db));
  await app.register(peopleRoutes, { prefix: '/api', ...deps.guards, people });
  return people;
}
