import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  createScholarshipSchema,
  SCHOLARSHIP_MESSAGES,
  scholarshipPageSchema,
  scholarshipSchema,
  scholarshipsQuerySchema,
  scholarshipStateSchema,
} from '@arena/shared/scholarship.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { ScholarshipsService } from './scholarships.service.ts';

export interface ScholarshipsRoutesOptions extends Guards {
  scholarships: ScholarshipsService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: SCHOLARSHIP_MESSAGES.notFound }) });
const tags = ['scholarships'];

/** Applying to a scholarship is `POST /api/offers/{id}/applications`, as to an offer. */
export const scholarshipsRoutes: FastifyPluginAsyncZod<ScholarshipsRoutesOptions> = async (
  app,
  options,
) => {
  const { scholarships } = options;
  const guard = guardsFor(options);

  app.get(
    '/scholarships',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary:
          'Open scholarships, the soonest deadline first; with mine=true, your own in every state',
        querystring: scholarshipsQuerySchema,
        response: { 200: scholarshipPageSchema, ...errors },
      },
    },
    async (request) => {
      const { sport, country, level, coverage, mine, cursor } = request.query;
      return scholarships.list(request.auth, { sport, country, level, coverage, mine }, cursor);
    },
  );

  app.get(
    '/scholarships/:id',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: 'One scholarship',
        params: idParams,
        response: { 200: scholarshipSchema, ...errors },
      },
    },
    async (request) => scholarships.view(request.params.id, request.auth),
  );

  app.post(
    '/scholarships',
    {
      ...guard.limited('post'),
      schema: {
        tags,
        summary: 'Post a scholarship (verified agents, clubs and coaches, and admins)',
        body: createScholarshipSchema,
        response: { 201: scholarshipSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await scholarships.create(requireAuth(request), request.body)),
  );

  app.put(
    '/scholarships/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change your scholarship (its applicants hear of a new deadline or terms)',
        params: idParams,
        body: createScholarshipSchema,
        response: { 200: scholarshipSchema, ...errors },
      },
    },
    async (request) => scholarships.update(requireAuth(request), request.params.id, request.body),
  );

  app.patch(
    '/scholarships/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Close your scholarship to new applications, or open it again',
        params: idParams,
        body: scholarshipStateSchema,
        response: { 200: scholarshipSchema, ...errors },
      },
    },
    async (request) =>
      scholarships.setClosed(requireAuth(request), request.params.id, request.body.closed),
  );

  app.delete(
    '/scholarships/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete your scholarship with its applications',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await scholarships.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
