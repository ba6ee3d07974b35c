import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

import { REALTIME_CLOSE } from '@arena/shared/realtime';

import type { DatabaseHandle } from '../../db/database.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createFollowsRepository } from '../follows/follows.repository.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from './event-bus.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/**
 * The WebSocket (`/api/realtime`): the plugin, then the route. Routes registered after this one
 * get the plugin's handling of upgrade requests too.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: {
    bus: EventBus;
    database: DatabaseHandle;
    auth: AuthService;
    messaging: MessagingService;
    notifications: NotificationsService;
    safety: SafetyService;
    sameOrigin: SameOriginCheck;
  },
) {
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    preClose: closeForRestart,
  });
  const follows = createFollowsRepository(deps.database.db);
  await app.register(realtimeRoutes, {
    prefix: '/api',
    bus: deps.bus,
    verify: deps.auth.verifyAccessToken,
    isParticipant: deps.messaging.isParticipant,
    unreadMessages: deps.messaging.unreadTotal,
    messageRequests: deps.messaging.requestCount,
    unseenNotifications: async (profileId) =>
      (await deps.notifications.unseen({ profileId })).unseen,
    hidingFrom: deps.safety.hidingFrom,
    following: (profileId) => follows.followingIds(profileId),
    sameOrigin: deps.sameOrigin,
  });
}

/** How long a closed socket may take to finish its closing handshake before it is cut. */
const CLOSING_HANDSHAKE_MS = 2_000;

/**
 * On `app.close()` (SIGTERM): every socket hears 1012 Service Restart and reconnects through the
 * balancer to another instance. The server's own close waits for these sockets, so one whose
 * client does not answer the closing handshake is cut rather than hold the drain.
 */
function closeForRestart(this: FastifyInstance, done: () => void) {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(REALTIME_CLOSE.restarting, 'server restarting');
  setTimeout(() => {
    for (const client of server.clients) client.terminate();
  }, CLOSING_HANDSHAKE_MS).unref();
  // New upgrades are refused from here on (503).
  server.close();
  done();
}
