import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type MessageNoticeDelays, queueMessageNotice } from '../notifications/notice-delivery.ts';
import type { Guards } from '../../http/guards.ts';
import type { Signer } from '../auth/signing-keys.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { MediaService } from '../media/media.service.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSafetyRepository } from '../safety/safety.repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createMessageRequestsRepository } from './message-requests.repository.ts';
import { messageRequestsRoutes } from './message-requests.routes.ts';
import {
  createMessageRequestsService,
  type MessageRequestsService,
} from './message-requests.service.ts';
import { createMessagingRepository } from './messaging.repository.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { createMessagingService } from './messaging.service.ts';

/**
 * "Who can message me" and Message requests, made before the modules that show them (Settings
 * reads the setting) and given to registerMessaging.
 */
export function createMessageRequests(database: DatabaseHandle): MessageRequestsService {
  return createMessageRequestsService({
    repo: createMessageRequestsRepository(database.db),
    safety: createSafetyRepository(database.db),
  });
}

/** Conversations, messages and their media (`/api/conversations/*`). Returns the messaging service. */
export async function registerMessaging(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    bus: EventBus;
    guards: Guards;
    media: MediaService;
    signer: Signer;
    jobs: JobQueue;
    requests: MessageRequestsService;
    guardians?: GuardianNotices;
    messageNoticeDelays?: MessageNoticeDelays | undefined;
  },
) {
  const { database, guards, media, signer } = deps;
  const messaging = createMessagingService({
    repo: createMessagingRepository(database.db),
    profiles: createProfilesRepository(database.db),
    media: createMediaRepository(database.db),
    signer,
    bus: deps.bus,
    safety: createSafetyRepository(database.db),
    requests: deps.requests,
    guardians: deps.guardians,
    noticeUnread: (tx, message) =>
      queueMessageNotice(deps.jobs, tx, message, deps.messageNoticeDelays),
  });
  await app.register(messagingRoutes, { prefix: '/api', ...guards, messaging, media, signer });
  await app.register(messageRequestsRoutes, { prefix: '/api', ...guards, requests: deps.requests });
  return messaging;
}
