import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  applicationNoteListSchema,
  bulkDeclineResultSchema,
  bulkDeclineSchema,
  moveStageSchema,
  myApplicationPageSchema,
  myApplicationSchema,
  noteInputSchema,
  PIPELINE_MESSAGES,
  receivedQuerySchema,
} from '@arena/shared/application.schema';
import { MESSAGES } from '@arena/shared/messages';
import {
  applicationDetailSchema,
  applicationListSchema,
  createApplicationSchema,
  cvUploadSchema,
  offerSchema,
  signedUrlSchema,
} from '@arena/shared/offer.schema';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';
import { type Scholarship, scholarshipSchema } from '@arena/shared/scholarship.schema';

import { apiErrorSchema } from '@arena/shared/api-error';

import { type AuthContext, requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { openSingleFile } from '../../http/multipart-upload.ts';
import type { MediaService } from '../media/media.service.ts';
import type { ApplicationsService } from './applications.service.ts';
import { errors } from './offers.routes.ts';
import type { OffersService } from './offers.service.ts';

export interface ApplicationsRoutesOptions extends Guards {
  applications: ApplicationsService;
  offers: OffersService;
  media: MediaService;
  /** A scholarship as its applicant now sees it (scholarships are applied to here too). */
  scholarshipView: (id: string, viewer: AuthContext) => Promise<Scholarship>;
}

const offerParams = z.object({ id: z.uuid({ error: MESSAGES.offer.notFound }) });
const applicationParams = z.object({ id: z.uuid({ error: MESSAGES.application.notFound }) });
const noteParams = z.object({ id: z.uuid({ error: PIPELINE_MESSAGES.noteNotFound }) });
const tags = ['applications'];

/** Applying, the athlete's own applications, and the poster's pipeline (`/api/applications/*`). */
export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsRoutesOptions> = async (
  app,
  options,
) => {
  const { applications, offers, media } = options;
  const guard = guardsFor(options);

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
        summary:
          'Apply to an offer or a scholarship (once; not to a closed, past-deadline or full one); it is returned as the applicant now sees it',
        params: offerParams,
        body: createApplicationSchema,
        response: { 201: z.union([offerSchema, scholarshipSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const kind = await applications.apply(auth, id, request.body);
      const view =
        kind === 'scholarship'
          ? await options.scholarshipView(id, auth)
          : await offers.view(id, auth);
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/me/applications',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your own applications, newest first, each with its history',
        querystring: cursorQuerySchema.pick({ cursor: true }),
        response: { 200: myApplicationPageSchema, ...errors },
      },
    },
    async (request) => applications.mine(requireAuth(request), request.query.cursor),
  );

  app.post(
    '/applications/:id/withdraw',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Withdraw your application before a decision',
        params: applicationParams,
        response: { 200: myApplicationSchema, ...errors },
      },
    },
    async (request) => applications.withdraw(requireAuth(request), request.params.id),
  );

  app.get(
    '/me/applications-received',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Applications to your own offers, by offer and stage, newest first or by CV',
        querystring: receivedQuerySchema,
        response: { 200: applicationListSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await offers.requirePoster(auth, 'review');
      return applications.received(auth, request.query);
    },
  );

  app.get(
    '/applications/:id',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          'One application to your offer, with its history and notes (opening marks it viewed)',
        params: applicationParams,
        response: { 200: applicationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await offers.requirePoster(auth, 'review');
      return applications.open(auth, request.params.id);
    },
  );

  app.post(
    '/applications/:id/stage',
    {
      ...guard.write,
      schema: {
        tags,
        summary:
          'Move an application to your offer: shortlist, invite to trial, offer, sign, decline',
        params: applicationParams,
        body: moveStageSchema,
        response: { 200: applicationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await offers.requirePoster(auth, 'review');
      return applications.move(auth, request.params.id, request.body);
    },
  );

  app.post(
    '/applications/decline',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Decline several applications to your offers with one message',
        body: bulkDeclineSchema,
        response: { 200: bulkDeclineResultSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await offers.requirePoster(auth, 'review');
      return applications.bulkDecline(auth, request.body.ids, request.body.message);
    },
  );

  app.get(
    '/applications/:id/notes',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: "Your private notes on an application (the offer's poster and admins)",
        params: applicationParams,
        response: { 200: applicationNoteListSchema, ...errors },
      },
    },
    async (request) => applications.notes(requireAuth(request), request.params.id),
  );

  app.post(
    '/applications/:id/notes',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Add a private note to an application to your offer',
        params: applicationParams,
        body: noteInputSchema,
        response: { 201: applicationNoteListSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await applications.addNote(requireAuth(request), request.params.id, request.body.body),
        ),
  );

  app.delete(
    '/application-notes/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete a private note',
        params: noteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await applications.deleteNote(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/applications/:id/cv-url',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary:
          "A link to an application's CV, valid for an hour (the applicant and the offer's poster)",
        params: applicationParams,
        response: { 200: signedUrlSchema, ...errors },
      },
    },
    async (request) => applications.cvUrl(requireAuth(request), request.params.id),
  );
};
