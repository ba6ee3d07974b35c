import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  guardianConfirmInputSchema,
  guardianConfirmResultSchema,
  guardianInputSchema,
  guardianStateSchema,
} from '@arena/shared/minors.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { GuardiansService } from './guardians.service.ts';

export interface GuardiansRoutesOptions extends Guards {
  guardians: GuardiansService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** An under-18 athlete's guardian (Settings → Guardian) and the guardian's confirmation link. */
export const guardiansRoutes: FastifyPluginAsyncZod<GuardiansRoutesOptions> = async (
  app,
  options,
) => {
  const { guardians } = options;
  const guard = guardsFor(options);
  const tags = ['guardians'];

  app.put(
    '/me/guardian',
    {
      ...guard.write,
      schema: {
        tags,
        summary:
          "Add or change your guardian's email (athletes under 18); a link asks them to confirm",
        body: guardianInputSchema,
        response: { 200: guardianStateSchema, ...errors },
      },
    },
    async (request) => guardians.put(requireAuth(request), request.body.email),
  );

  app.delete(
    '/me/guardian',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Remove your guardian: they get no more copies',
        response: { 200: guardianStateSchema, ...errors },
      },
    },
    async (request) => guardians.remove(requireAuth(request)),
  );

  app.post(
    '/guardians/confirm',
    {
      config: { rateLimit: rateLimit('accountLink', options.rateLimits) },
      schema: {
        tags,
        summary: "Use a guardian's confirmation link: from now on they receive the copies",
        security: [],
        body: guardianConfirmInputSchema,
        response: { 200: guardianConfirmResultSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => guardians.confirm(request.body.token),
  );
};
