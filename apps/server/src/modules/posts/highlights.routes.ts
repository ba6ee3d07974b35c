import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { highlightsSchema, setHighlightsSchema } from '@arena/shared/post.schema';
import { usernameParamSchema } from '@arena/shared/profile.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { HighlightsService } from './highlights.service.ts';

export interface HighlightsRoutesOptions extends Guards {
  highlights: HighlightsService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['posts'];

export const highlightsRoutes: FastifyPluginAsyncZod<HighlightsRoutesOptions> = async (
  app,
  options,
) => {
  const { highlights } = options;
  const guard = guardsFor(options);

  app.get(
    '/profiles/:username/highlights',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: "A profile's Highlights: up to 6 video posts the member pinned, in their order",
        params: usernameParamSchema,
        response: { 200: highlightsSchema, ...errors },
      },
    },
    async (request) => highlights.ofProfile(request.params.username, request.auth),
  );

  app.put(
    '/me/highlights',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Pin your video posts to your Highlights (replaces the list; at most 6)',
        body: setHighlightsSchema,
        response: { 200: highlightsSchema, ...errors },
      },
    },
    async (request) => highlights.set(requireAuth(request), request.body),
  );
};
