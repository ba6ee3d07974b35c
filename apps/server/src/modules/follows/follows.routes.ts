import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';
import {
  followResultSchema,
  profileCardPageSchema,
  usernameParamSchema,
} from '@arena/shared/profile.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { FollowsService } from './follows.service.ts';

export interface FollowsRoutesOptions extends Guards {
  follows: FollowsService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const followsRoutes: FastifyPluginAsyncZod<FollowsRoutesOptions> = async (app, options) => {
  const { follows } = options;
  const guard = guardsFor(options);

  app.put(
    '/profiles/:username/follow',
    {
      ...guard.write,
      schema: {
        tags: ['follows'],
        summary: 'Follow someone (idempotent)',
        params: usernameParamSchema,
        response: { 200: followResultSchema, ...errors },
      },
    },
    async (request) => follows.setFollowing(requireAuth(request), request.params.username, true),
  );

  app.delete(
    '/profiles/:username/follow',
    {
      ...guard.write,
      schema: {
        tags: ['follows'],
        summary: 'Unfollow someone (idempotent)',
        params: usernameParamSchema,
        response: { 200: followResultSchema, ...errors },
      },
    },
    async (request) => follows.setFollowing(requireAuth(request), request.params.username, false),
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/profiles/:username/${side}`,
      {
        ...guard.anyone,
        schema: {
          tags: ['follows'],
          summary: side === 'followers' ? 'Who follows this profile' : 'Whom this profile follows',
          params: usernameParamSchema,
          querystring: cursorQuerySchema,
          response: { 200: profileCardPageSchema, ...errors },
        },
      },
      async (request) =>
        follows[side](
          request.params.username,
          request.auth,
          request.query.cursor,
          request.query.limit,
        ),
    );
  }
};
