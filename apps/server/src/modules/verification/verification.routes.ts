import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import {
  myVerificationSchema,
  verificationDecisionSchema,
  verificationListQuerySchema,
  verificationRequestInputSchema,
  verificationRequestPageSchema,
} from '@arena/shared/verification.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { VerificationService } from './verification.service.ts';

export interface VerificationRoutesOptions extends Guards {
  verification: VerificationService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['verification'];

export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (
  app,
  options,
) => {
  const { verification } = options;
  const guard = guardsFor(options);

  app.get(
    '/me/verification',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your verification state',
        response: { 200: myVerificationSchema, ...errors },
      },
    },
    async (request) => verification.mine(requireAuth(request)),
  );

  app.post(
    '/me/verification',
    {
      // A signed-out caller hears the product's own sentence.
      ...guard.signedInSaying(MESSAGES.verification.signInRequired),
      config: guard.write.config,
      schema: {
        tags,
        summary: 'Request verification (agents, coaches and clubs)',
        body: verificationRequestInputSchema,
        response: { 201: myVerificationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await verification.request(requireAuth(request), request.body)),
  );

  app.get(
    '/admin/verification-requests',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          'Verification requests newest first, of one status when asked, with the count of each status (admins)',
        querystring: verificationListQuerySchema,
        response: { 200: verificationRequestPageSchema, ...errors },
      },
    },
    async (request) => verification.list(requireAuth(request), request.query),
  );

  app.post(
    '/admin/verification-requests/:id/:decision',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Approve or reject a pending request, or disapprove an approved one (admins)',
        params: z.object({ id: z.uuid(), decision: verificationDecisionSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await verification.decide(requireAuth(request), request.params.id, request.params.decision);
      return reply.status(204).send(null);
    },
  );
};
