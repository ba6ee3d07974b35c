import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { scoutPageSchema, scoutQuerySchema } from '@arena/shared/scout.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { ScoutingService } from './scouting.service.ts';

export interface ScoutingRoutesOptions extends Guards {
  scouting: ScoutingService;
}

export const scoutingRoutes: FastifyPluginAsyncZod<ScoutingRoutesOptions> = async (
  app,
  options,
) => {
  const guard = guardsFor(options);
  app.get(
    '/scout/athletes',
    {
      ...guard.signedIn,
      schema: {
        tags: ['scouting'],
        summary:
          'Scout search: athletes by sport, position, age, height, weight, nationality, country, city, sex, availability, open to offers and text (verified organisations and admins)',
        querystring: scoutQuerySchema,
        response: {
          200: scoutPageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => options.scouting.search(requireAuth(request), request.query),
  );
};
