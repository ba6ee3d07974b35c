import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  failedJobListSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  unseenCountSchema,
  updateNoticePreferencesSchema,
} from '@arena/shared/notification.schema';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { PushSubscriptionsService } from './push-subscriptions.service.ts';

export interface NotificationsRoutesOptions extends Guards {
  notifications: NotificationsService;
  pushSubscriptions: PushSubscriptionsService;
  jobs: JobQueue;
  admin: AdminGate;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'That is not a notification.' }) });
const jobIdParams = z.object({ id: z.uuid({ error: 'That is not a job.' }) });

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  options,
) => {
  const { notifications, pushSubscriptions, jobs, admin } = options;
  const guard = guardsFor(options);
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'My notifications, newest change first, grouped, of one filter',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => {
      const { filter, cursor, limit } = request.query;
      return notifications.list(requireAuth(request), filter, cursor, limit);
    },
  );

  app.get(
    '/notifications/unseen',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'How many entries changed since I last opened the list (the bell)',
        response: { 200: unseenCountSchema, ...errors },
      },
    },
    async (request) => notifications.unseen(requireAuth(request)),
  );

  app.post(
    '/notifications/seen',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'I opened the list: nothing is new any more',
        response: { 200: unseenCountSchema, ...errors },
      },
    },
    async (request) => notifications.seen(requireAuth(request)),
  );

  app.post(
    '/notifications/read-all',
    {
      ...guard.write,
      schema: { tags, summary: 'Mark every entry read', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await notifications.readAll(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Mark one entry read',
        params: idParams,
        response: { 204: z.null(), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await notifications.read(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/settings/notifications',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'My choices per kind (email, push) and the key a browser subscribes to push with',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => notifications.settings(requireAuth(request)),
  );

  app.put(
    '/settings/notifications',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change my choices for some kinds; the others keep theirs',
        body: updateNoticePreferencesSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => notifications.updateSettings(requireAuth(request), request.body),
  );

  app.post(
    '/push-subscriptions',
    {
      ...guard.write,
      schema: {
        tags,
        summary: "Turn push on in this browser (its PushSubscription's JSON)",
        body: pushSubscriptionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pushSubscriptions.subscribe(requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push-subscriptions',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Turn push off in this browser',
        body: pushEndpointSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pushSubscriptions.unsubscribe(requireAuth(request).profileId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/jobs/failed',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Jobs that used up their tries, newest first (admins)',
        response: { 200: failedJobListSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await admin.require(requireAuth(request));
      const failed = await jobs.failed(100);
      return {
        items: failed.map((job) => ({
          id: job.id,
          queue: job.queue,
          purpose: purposeOf(job.data) ?? job.queue,
          attempts: job.attempts,
          error: job.error,
          failedAt: job.failedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Queue a failed job again (admins)',
        params: jobIdParams,
        response: { 204: z.null(), 403: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await admin.require(requireAuth(request));
      if (!(await jobs.retry(request.params.id))) {
        throw new AppError('not_found', MESSAGES.notifications.jobNotFound);
      }
      return reply.status(204).send(null);
    },
  );
};

/** A mail job names its purpose ("password reset"); other jobs are named by their queue. */
function purposeOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'purpose' in data) {
    return typeof data.purpose === 'string' ? data.purpose : undefined;
  }
  return undefined;
}
