import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  athleteProfilePatchSchema,
  awardInputSchema,
  careerEntryInputSchema,
  cvSchema,
  idParamSchema,
  openToOffersInputSchema,
} from '@arena/shared/cv.schema';
import { usernameParamSchema } from '@arena/shared/profile.schema';

import { type AuthContext, requireAuth } from '../../http/authenticate.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { CvService } from './cv.service.ts';

export interface CvRoutesOptions extends Guards {
  cv: CvService;
  /** The PDF of an athlete's CV as `auth` may read it (`cv-pdf.module.ts`). */
  pdf: (username: string, auth: AuthContext) => Promise<Buffer>;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const reply = { 200: cvSchema, ...errors };

export const cvRoutes: FastifyPluginAsyncZod<CvRoutesOptions> = async (app, options) => {
  const { cv } = options;
  const guard = guardsFor(options);
  const tags = ['cv'];

  app.get(
    '/profiles/:username/cv',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: "A profile's athlete CV",
        params: usernameParamSchema,
        response: reply,
      },
    },
    async (request) => cv.ofUsername(request.params.username, request.auth?.profileId ?? null),
  );

  app.get(
    '/profiles/:username/cv.pdf',
    {
      ...guard.limited('cvPdf'),
      schema: {
        tags,
        summary:
          "An athlete's CV as a PDF (one page, two at most): for the athlete, verified organisations and admins",
        params: usernameParamSchema,
        response: {
          200: {
            description: 'The PDF, with selectable text',
            content: { 'application/pdf': { schema: z.file() } },
          },
          ...errors,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await options.pdf(request.params.username, requireAuth(request));
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(`${request.params.username}-cv.pdf`))
          .header('cache-control', 'private, no-store')
          // Bytes; the schema above only describes them for the document.
          .send(bytes as unknown as File)
      );
    },
  );

  app.put(
    '/me/open-to-offers',
    {
      ...guard.write,
      schema: {
        tags,
        summary:
          'Be open to offers: the kinds of contract wanted, who sees it, when the current contract ends (athletes)',
        body: openToOffersInputSchema,
        response: { ...reply, 403: apiErrorSchema },
      },
    },
    async (request) => cv.setOpenToOffers(requireAuth(request), request.body),
  );

  app.delete(
    '/me/open-to-offers',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'No longer be shown as open to offers',
        response: { ...reply, 403: apiErrorSchema },
      },
    },
    async (request) => cv.closeOpenToOffers(requireAuth(request)),
  );

  app.patch(
    '/me/cv/athlete',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Save fields of your CV (about, availability, sportive and general info)',
        body: athleteProfilePatchSchema,
        response: reply,
      },
    },
    async (request) => cv.updateAthlete(requireAuth(request), request.body),
  );

  app.post(
    '/me/cv/career',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Add a season to your career',
        body: careerEntryInputSchema,
        response: reply,
      },
    },
    async (request) => cv.addCareer(requireAuth(request), request.body),
  );

  app.put(
    '/me/cv/career/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change a season of your career',
        params: idParamSchema,
        body: careerEntryInputSchema,
        response: reply,
      },
    },
    async (request) => cv.updateCareer(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/me/cv/career/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Remove a season from your career',
        params: idParamSchema,
        response: reply,
      },
    },
    async (request) => cv.deleteCareer(requireAuth(request), request.params.id),
  );

  app.post(
    '/me/cv/awards',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Add an award or achievement',
        body: awardInputSchema,
        response: reply,
      },
    },
    async (request) => cv.addAward(requireAuth(request), request.body),
  );

  app.put(
    '/me/cv/awards/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change an award',
        params: idParamSchema,
        body: awardInputSchema,
        response: reply,
      },
    },
    async (request) => cv.updateAward(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/me/cv/awards/:id',
    {
      ...guard.write,
      schema: { tags, summary: 'Remove an award', params: idParamSchema, response: reply },
    },
    async (request) => cv.deleteAward(requireAuth(request), request.params.id),
  );
};
