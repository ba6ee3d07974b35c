import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  CAMP_MESSAGES,
  campPageSchema,
  campRegistrationPageSchema,
  campRegistrationsQuerySchema,
  campSchema,
  campsQuerySchema,
  createCampSchema,
  registerForCampSchema,
  updateCampSchema,
} from '@arena/shared/camp.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { CampRegistrationsService } from './camp-registrations.service.ts';
import type { CampsService } from './camps.service.ts';

export interface CampsRoutesOptions extends Guards {
  camps: CampsService;
  registrations: CampRegistrationsService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: CAMP_MESSAGES.notFound }) });
const tags = ['camps'];

export const campsRoutes: FastifyPluginAsyncZod<CampsRoutesOptions> = async (app, options) => {
  const { camps, registrations } = options;
  const guard = guardsFor(options);

  app.get(
    '/camps',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary:
          'Camps: upcoming by start date, past ones latest first, or your registrations (`mine`)',
        querystring: campsQuerySchema,
        response: { 200: campPageSchema, ...errors },
      },
    },
    async (request) =>
      camps.list(request.query.tab === 'mine' ? requireAuth(request) : request.auth, request.query),
  );

  app.get(
    '/camps/:id',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: 'One camp, with its places left and your registration',
        params: idParams,
        response: { 200: campSchema, ...errors },
      },
    },
    async (request) => camps.view(request.params.id, request.auth),
  );

  app.post(
    '/camps',
    {
      ...guard.limited('post'),
      schema: {
        tags,
        summary: 'Post a camp (verified agents, clubs and coaches, and admins)',
        body: createCampSchema,
        response: { 201: campSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await camps.create(requireAuth(request), request.body)),
  );

  app.put(
    '/camps/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change your camp before it starts (its members hear of new days or a new place)',
        params: idParams,
        body: updateCampSchema,
        response: { 200: campSchema, ...errors },
      },
    },
    async (request) => camps.update(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/camps/:id/cancel',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Cancel your camp before it starts; everyone registered is told',
        params: idParams,
        response: { 200: campSchema, ...errors },
      },
    },
    async (request) => camps.cancel(requireAuth(request), request.params.id),
  );

  app.delete(
    '/camps/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete your camp with its registrations and image',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await camps.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/camps/:id/registration',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Register interest in a camp, or book a place (the waiting list once it is full)',
        params: idParams,
        body: registerForCampSchema,
        response: { 200: campSchema, ...errors },
      },
    },
    async (request) =>
      registrations.register(requireAuth(request), request.params.id, request.body.kind),
  );

  app.delete(
    '/camps/:id/registration',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Cancel your registration before the camp starts',
        params: idParams,
        response: { 200: campSchema, ...errors },
      },
    },
    async (request) => registrations.cancel(requireAuth(request), request.params.id),
  );

  app.get(
    '/camps/:id/registrations',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: "Your camp's registrations, oldest first (its organiser and admins)",
        params: idParams,
        querystring: campRegistrationsQuerySchema,
        response: { 200: campRegistrationPageSchema, ...errors },
      },
    },
    async (request) => registrations.list(requireAuth(request), request.params.id, request.query),
  );
};
