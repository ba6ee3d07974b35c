import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { myIdentitiesSchema } from '@arena/shared/identity.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { IdentitiesService } from './identities.service.ts';

export interface IdentitiesRoutesOptions extends Guards {
  identities: IdentitiesService;
}

const tags = ['identities'];

export const identitiesRoutes: FastifyPluginAsyncZod<IdentitiesRoutesOptions> = async (
  app,
  options,
) => {
  const { identities } = options;
  const guard = guardsFor(options);

  app.get(
    '/me/identities',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your linked sign-in providers, and whether you have a password',
        security: [{ bearerAuth: [] }],
        response: { 200: myIdentitiesSchema, 401: apiErrorSchema },
      },
    },
    async (request) => identities.list(requireAuth(request).userId),
  );

  app.delete(
    '/me/identities/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Unlink a provider (refused for your last way to sign in)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await identities.unlink(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
