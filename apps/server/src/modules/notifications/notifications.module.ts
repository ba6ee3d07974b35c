import type { Agent } from 'node:https';

import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { startNoticeDelivery } from './notice-delivery.ts';
import { createNotificationPreferencesRepository } from './notification-preferences.repository.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createPushSender } from './push-sender.ts';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import { createPushSubscriptionsService } from './push-subscriptions.service.ts';
import { createServerKeysRepository } from './server-keys.repository.ts';
import { registerUnsubscribe } from './unsubscribe.routes.ts';
import { loadVapidKeys } from './vapid-keys.ts';

/**
 * Notifications (`/api/notifications`, `/api/settings/notifications`, `/api/push-subscriptions`,
 * `/api/unsubscribe`, `/api/admin/jobs`): the list, the choices, and the jobs that deliver them.
 * Returns the service other modules record their happenings with.
 */
export async function registerNotifications(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: DatabaseHandle;
    bus: EventBus;
    jobs: JobQueue;
    mail: MailQueue;
    guards: Guards;
    pushAgent?: Agent | undefined;
  },
) {
  const { config, database, bus, jobs, mail, guards } = deps;
  const db = database.db;
  const { unsubscribeSecret } = await registerUnsubscribe(app, {
    database,
    rateLimits: config.rateLimits,
  });
  const vapid = await loadVapidKeys(createServerKeysRepository(db));
  const subscriptions = createPushSubscriptionsRepository(db);
  const repo = createNotificationsRepository(db);
  const preferences = createNotificationPreferencesRepository(db);
  const notifications = createNotificationsService({
    repo,
    preferences,
    bus,
    jobs,
    vapidPublicKey: vapid.publicKey,
  });
  await startNoticeDelivery({
    db,
    jobs,
    mail,
    repo,
    preferences,
    push: createPushSender({
      vapid,
      subject: `mailto:${config.contactEmail}`,
      subscriptions,
      ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
    }),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    unsubscribeSecret,
  });
  await app.register(notificationsRoutes, {
    prefix: '/api',
    ...guards,
    notifications,
    pushSubscriptions: createPushSubscriptionsService({
      subscriptions,
      extraHosts: config.pushEndpointHosts,
    }),
    jobs,
    admin: createAdminGate(createAdminRepository(db)),
  });
  return notifications;
}
