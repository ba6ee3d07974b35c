import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import {
  createOfferSchema,
  myOffersSchema,
  type Offer,
  offerPageSchema,
  offerSchema,
  offersQuerySchema,
} from '@arena/shared/offer.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { OffersService } from './offers.service.ts';

export interface OffersRoutesOptions extends Guards {
  offers: OffersService;
}

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: MESSAGES.offer.notFound }) });
const tags = ['offers'];

export const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (app, options) => {
  const { offers } = options;
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
    async (request) =>
      offers.list(
        request.auth,
        { sport: request.query.sport, closed: request.query.closed },
        request.query.cursor,
      ),
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

  app.put(
    '/offers/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Change your offer (its applicants hear of a new location, contract or salary)',
        params: idParams,
        // Every field again, as the post form sends them.
        body: createOfferSchema,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => offers.update(requireAuth(request), request.params.id, request.body),
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

  const change = (
    path: string,
    summary: string,
    act: (auth: ReturnType<typeof requireAuth>, id: string) => Promise<Offer>,
  ) =>
    app.post(
      path,
      {
        ...guard.write,
        schema: { tags, summary, params: idParams, response: { 200: offerSchema, ...errors } },
      },
      async (request) => act(requireAuth(request), request.params.id),
    );
  change('/offers/:id/close', 'Close your offer to new applications', (auth, id) =>
    offers.close(auth, id),
  );
  change('/offers/:id/reopen', 'Open your closed offer again', (auth, id) =>
    offers.reopen(auth, id),
  );
};
