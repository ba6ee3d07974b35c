import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { idParamSchema } from '@arena/shared/cv.schema';
import {
  createSavedSearchSchema,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '@arena/shared/scout.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

export interface SavedSearchesRoutesOptions extends Guards {
  savedSearches: SavedSearchesService;
}

const tags = ['scouting'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A scout's saved searches and their alerts (issue 24): verified organisations and admins. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<SavedSearchesRoutesOptions> = async (
  app,
  options,
) => {
  const guard = guardsFor(options);
  const { savedSearches } = options;

  app.get(
    '/scout/saved-searches',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your saved searches, newest first (at most 20)',
        response: { 200: savedSearchListSchema, ...errors },
      },
    },
    async (request) => savedSearches.list(requireAuth(request)),
  );

  app.post(
    '/scout/saved-searches',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Save a scout search with a name; with alerts, new matches are notified daily',
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await savedSearches.create(requireAuth(request), request.body)),
  );

  app.patch(
    '/scout/saved-searches/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Rename a saved search, or turn its alerts on or off',
        params: idParamSchema,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) => savedSearches.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/scout/saved-searches/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete a saved search (its alerts stop)',
        params: idParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await savedSearches.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
