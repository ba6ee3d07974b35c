import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  appealDecisionInputSchema,
  appealInputSchema,
  appealTokenQuerySchema,
  auditPageSchema,
  moderationCasePageSchema,
  moderationCaseSchema,
  moderationDecisionInputSchema,
  myModerationActionSchema,
  myModerationPageSchema,
  reportInputSchema,
  reportResultSchema,
  tokenAppealInputSchema,
} from '@arena/shared/moderation.schema';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { AppealsService } from './appeals.service.ts';
import { caseQuerySchema } from './case-views.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ReportsService } from './reports.service.ts';

export interface ModerationRoutesOptions extends Guards {
  reports: ReportsService;
  moderation: ModerationService;
  appeals: AppealsService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['moderation'];
const idParams = z.object({ id: z.uuid() });

export const moderationRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (
  app,
  options,
) => {
  const { reports, moderation, appeals } = options;
  const guard = guardsFor(options);
  // The appeal link is used signed out (its member cannot sign in), at the rate of other links.
  // The signed link is the authority, not the caller: a suspended member's browser still holds
  // a token of the session the suspension ended, which must not stand between them and appeal.
  const byLink = { config: { rateLimit: rateLimit('accountLink', options.rateLimits) } };

  app.post(
    '/reports',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Report a post, comment, message, profile, offer or application to the moderators',
        body: reportInputSchema,
        response: { 201: reportResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.report(requireAuth(request), request.body)),
  );

  app.get(
    '/moderation/cases',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'The moderation queue: reported items and appeals, most urgent first (admins)',
        querystring: caseQuerySchema,
        response: { 200: moderationCasePageSchema, ...errors },
      },
    },
    async (request) => moderation.queue(requireAuth(request), request.query),
  );

  app.get(
    '/moderation/cases/:id',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          'A case: the item in context, its reports, actions, notes and the member’s history (admins)',
        params: idParams,
        response: { 200: moderationCaseSchema, ...errors },
      },
    },
    async (request) => moderation.view(requireAuth(request), request.params.id),
  );

  app.post(
    '/moderation/cases/:id/actions',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Decide a case: dismiss, or remove, warn, suspend or ban; closes it (admins)',
        params: idParams,
        body: moderationDecisionInputSchema,
        response: { 200: moderationCaseSchema, ...errors },
      },
    },
    async (request) => moderation.decide(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/moderation/appeals/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Uphold or overturn the action an appeal case is about; closes it (admins)',
        params: idParams,
        body: appealDecisionInputSchema,
        response: { 200: moderationCaseSchema, ...errors },
      },
    },
    async (request) => appeals.decide(requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/moderation/audit',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'The audit log of moderation, newest first; nobody can edit it (admins)',
        querystring: cursorQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) =>
      appeals.audit(requireAuth(request), request.query.cursor, request.query.limit),
  );

  app.get(
    '/me/moderation',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          'The moderators’ actions against you, newest first, and whether each can be appealed',
        querystring: cursorQuerySchema,
        response: { 200: myModerationPageSchema, ...errors },
      },
    },
    async (request) =>
      appeals.mine(requireAuth(request), request.query.cursor, request.query.limit),
  );

  app.post(
    '/moderation/actions/:id/appeal',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Appeal an action against you, once',
        params: idParams,
        body: appealInputSchema,
        response: { 201: myModerationActionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await appeals.appeal(requireAuth(request), request.params.id, request.body.text)),
  );

  app.get(
    '/moderation/appeal',
    {
      ...byLink,
      schema: {
        tags,
        summary: 'The suspension or ban a signed appeal link is about (no sign-in)',
        security: [],
        querystring: appealTokenQuerySchema,
        response: { 200: myModerationActionSchema, ...errors },
      },
    },
    async (request) => appeals.byToken(request.query.token),
  );

  app.post(
    '/moderation/appeal',
    {
      ...byLink,
      schema: {
        tags,
        summary: 'Appeal a suspension or ban through its signed link (no sign-in)',
        security: [],
        body: tokenAppealInputSchema,
        response: { 201: myModerationActionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await appeals.appealByToken(request.body.token, request.body.text)),
  );
};
