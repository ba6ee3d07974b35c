import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { AuthService } from '../auth/auth.service.ts';
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
    auth: AuthService;
    messaging: MessagingService;
    notifications: NotificationsService;
    safety: SafetyService;
    sameOrigin: SameOriginCheck;
  },
) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
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
    sameOrigin: deps.sameOrigin,
  });
}
