import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import {
  applicationListSchema,
  createApplicationSchema,
  createOfferSchema,
  cvUploadSchema,
  myOffersSchema,
  offerPageSchema,
  offerSchema,
  offersQuerySchema,
  signedUrlSchema,
} from '@arena/shared/offer.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { openSingleFile } from '../../http/multipart-upload.ts';
import type { MediaService } from '../media/media.service.ts';
import type { OffersService } from './offers.service.ts';

export interface OffersRoutesOptions extends Guards {
  offers: OffersService;
  media: MediaService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: MESSAGES.offer.notFound }) });
const tags = ['offers'];

export const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (app, options) => {
  const { offers, media } = options;
  const guard = guardsFor(options);

  app.get(
    '/offers',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: 'Athlete offers, newest first',
        querystring: offersQuerySchema,
        response: { 200: offerPageSchema, ...errors },
      },
    },
    async (request) => offers.list(request.auth, request.query.sport, request.query.cursor),
  );

  app.get(
    '/offers/:id',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: 'One offer',
        params: idParams,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => offers.view(request.params.id, request.auth),
  );

  app.post(
    '/offers',
    {
      ...guard.limited('post'),
      schema: {
        tags,
        summary: 'Post an offer (verified agents, clubs and coaches, and admins)',
        body: createOfferSchema,
        response: { 201: offerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offers.create(requireAuth(request), request.body)),
  );

  app.delete(
    '/offers/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete your offer with its applications',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await offers.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/offers',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your posted offers and their totals',
        response: { 200: myOffersSchema, ...errors },
      },
    },
    async (request) => offers.mine(requireAuth(request)),
  );

  app.post(
    '/cv-uploads',
    {
      ...guard.limited('upload'),
      schema: {
        tags,
        summary: 'Upload a CV (PDF, DOC or DOCX, at most 10 MB) to attach to an application',
        consumes: ['multipart/form-data'],
        response: { 201: cvUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await openSingleFile(request, MESSAGES.application.cvInvalidType);
      return reply.status(201).send(await media.uploadCv(auth, file.stream, file.filename));
    },
  );

  app.post(
    '/offers/:id/applications',
    {
      ...guard.limited('post'),
      schema: {
        tags,
        summary: 'Apply to an offer (once)',
        params: idParams,
        body: createApplicationSchema,
        response: { 201: offerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await offers.apply(requireAuth(request), request.params.id, request.body)),
  );

  app.get(
    '/me/applications-received',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Applications to your own offers, newest first',
        response: { 200: applicationListSchema, ...errors },
      },
    },
    async (request) => offers.received(requireAuth(request)),
  );

  app.get(
    '/applications/:id/cv-url',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          "A link to an application's CV, valid for an hour (the applicant and the offer's poster)",
        params: z.object({ id: z.uuid({ error: MESSAGES.application.notFound }) }),
        response: { 200: signedUrlSchema, ...errors },
      },
    },
    async (request) => offers.cvUrl(requireAuth(request), request.params.id),
  );
};
