import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { activeSessionListSchema, endedSessionsSchema } from '@arena/shared/sessions.schema';

import { type Guards, guardsFor } from '../../http/guards.ts';
import { requireAuth } from '../../http/authenticate.ts';
import type { SessionsService } from './sessions.service.ts';

export interface SessionsRoutesOptions extends Guards {
  sessions: SessionsService;
}

const security = [{ bearerAuth: [] }];

/** `/api/auth/sessions`: the caller's signed-in sessions (devices), and ending them. */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (
  app,
  { sessions, ...guards },
) => {
  const guard = guardsFor(guards);

  app.get(
    '/sessions',
    {
      ...guard.signedIn,
      schema: {
        tags: ['auth'],
        summary: 'The sessions signed in to your account, most recently used first',
        security,
        response: { 200: activeSessionListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ sessions: await sessions.list(requireAuth(request)) }),
  );

  app.delete(
    '/sessions',
    {
      ...guard.write,
      schema: {
        tags: ['auth'],
        summary: 'Sign out every other session (this one stays signed in)',
        security,
        response: { 200: endedSessionsSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ ended: await sessions.endOthers(requireAuth(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      ...guard.write,
      schema: {
        tags: ['auth'],
        summary: 'End one of your sessions: that device is signed out',
        security,
        params: z.object({ id: z.uuid() }),
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await sessions.end(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
