import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';
import { usernameParamSchema } from '@arena/shared/profile.schema';
import {
  blockResultSchema,
  muteResultSchema,
  restrictedProfilePageSchema,
} from '@arena/shared/safety.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { SafetyService } from './safety.service.ts';

export interface SafetyRoutesOptions extends Guards {
  safety: SafetyService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['safety'];

export const safetyRoutes: FastifyPluginAsyncZod<SafetyRoutesOptions> = async (app, options) => {
  const { safety } = options;
  const guard = guardsFor(options);

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/profiles/:username/block',
      {
        ...guard.write,
        schema: {
          tags,
          summary: on
            ? 'Block a member: they can no longer see you or reach you; follows both ways end'
            : 'Unblock a member',
          params: usernameParamSchema,
          response: { 200: blockResultSchema, ...errors },
        },
      },
      async (request) => safety.setBlocking(requireAuth(request), request.params.username, on),
    );

    app[method](
      '/profiles/:username/mute',
      {
        ...guard.write,
        schema: {
          tags,
          summary: on
            ? 'Mute a member: their posts and notifications are hidden from you'
            : 'Unmute a member',
          params: usernameParamSchema,
          response: { 200: muteResultSchema, ...errors },
        },
      },
      async (request) => safety.setMuting(requireAuth(request), request.params.username, on),
    );
  }

  for (const side of ['blocked', 'muted'] as const) {
    app.get(
      `/me/${side}`,
      {
        ...guard.signedIn,
        schema: {
          tags,
          summary: side === 'blocked' ? 'The members you blocked' : 'The members you muted',
          querystring: cursorQuerySchema,
          response: { 200: restrictedProfilePageSchema, ...errors },
        },
      },
      async (request) =>
        safety[side](requireAuth(request), request.query.cursor, request.query.limit),
    );
  }
};
