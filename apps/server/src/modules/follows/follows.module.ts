import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSafetyRepository } from '../safety/safety.repository.ts';
import { createFollowsRepository } from './follows.repository.ts';
import { followsRoutes } from './follows.routes.ts';
import { createFollowsService } from './follows.service.ts';

/** Following and unfollowing someone (`/api/profiles/:username/follow`). */
export async function registerFollows(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    guards: Guards;
    notifications: NotificationsService;
    bus: EventBus;
  },
) {
  const follows = createFollowsService(
    createFollowsRepository(deps.database.db),
    createProfilesRepository(deps.database.db),
    deps.notifications,
    createSafetyRepository(deps.database.db),
    deps.bus,
  );
  await app.register(followsRoutes, { prefix: '/api', ...deps.guards, follows });
}
