import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  discoverQuerySchema,
  profileCardPageSchema,
  profileCardSchema,
  searchQuerySchema,
  searchResultsSchema,
} from '@arena/shared/profile.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { PeopleService } from './people.service.ts';

export interface PeopleRoutesOptions extends Guards {
  people: PeopleService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

export const peopleRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, options) => {
  const { people } = options;
  const guard = guardsFor(options);

  app.get(
    '/people/discover',
    {
      ...guard.signedIn,
      schema: {
        tags: ['people'],
        summary: 'Everyone but you, newest first, optionally matching a name or username',
        querystring: discoverQuerySchema,
        response: { 200: profileCardPageSchema, ...errors },
      },
    },
    async (request) =>
      people.discover(
        requireAuth(request),
        request.query.q,
        request.query.cursor,
        request.query.limit,
      ),
  );

  app.get(
    '/people/search',
    {
      ...guard.signedIn,
      schema: {
        tags: ['people'],
        summary: 'Up to 5 people whose username or full name contains the text',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, ...errors },
      },
    },
    async (request) => people.search(requireAuth(request), request.query.q),
  );

  app.get(
    '/people/suggestions',
    {
      ...guard.signedIn,
      schema: {
        tags: ['people'],
        summary: 'Up to 5 people to follow: friends of friends, the same sport, then the newest',
        response: { 200: z.array(profileCardSchema), 401: apiErrorSchema },
      },
    },
    async (request) => people.suggestions(requireAuth(request)),
  );
};
