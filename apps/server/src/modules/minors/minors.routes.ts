import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { birthdateInputSchema, birthdateResultSchema } from '@arena/shared/minors.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { MinorsService } from './minors.service.ts';

export interface MinorsRoutesOptions extends Guards {
  minors: MinorsService;
}

export const minorsRoutes: FastifyPluginAsyncZod<MinorsRoutesOptions> = async (app, options) => {
  const { minors } = options;
  const guard = guardsFor(options);

  app.put(
    '/me/birthdate',
    {
      ...guard.write,
      schema: {
        tags: ['minors'],
        summary:
          'Give your birthdate (players who signed up before it was asked); under 13 deletes the account',
        body: birthdateInputSchema,
        response: {
          200: birthdateResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => minors.giveBirthdate(requireAuth(request), request.body.birthdate),
  );
};
