import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import { unsubscribeResultSchema, unsubscribeSchema } from '@arena/shared/notification.schema';

import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import { createServerKeysRepository } from './server-keys.repository.ts';
import { createUnsubscribeRepository } from './unsubscribe.repository.ts';
import { createUnsubscribeService, type UnsubscribeService } from './unsubscribe.service.ts';
import { loadUnsubscribeSecret } from './unsubscribe-token.ts';

/** A one-click POST carries one short field; anything bigger is not one. */
const FORM_BODY_LIMIT = 1024;

const FORM = 'application/x-www-form-urlencoded';

/** The token, in the JSON body (the app's page) or in the query (the mail's List-Unsubscribe URL). */
const tokenField = unsubscribeSchema.shape.token;

const bodySchema = z
  .object({
    token: tokenField.optional(),
    /** RFC 8058's form field; its presence is not required, the POST itself is the click. */
    'List-Unsubscribe': z.string().max(100).optional(),
  })
  .nullish();

/**
 * The answer: the shared result, whose kind may also be 'daily' (the digest's link turns off
 * every kind gathered into it; unsubscribe-token.ts).
 */

interface UnsubscribeRoutesOptions {
  unsubscribe: UnsubscribeService;
  rateLimits: 'strict' | 'relaxed';
}

/**
 * `POST /api/unsubscribe`: the one-click unsubscribe of every notice mail (RFC 8058). A mail
 * client POSTs `List-Unsubscribe=One-Click` as a form (urlencoded, or multipart as the RFC
 * prefers) to the URL in the mail's header, token in the query; the app's page POSTs `{ token }`.
 *
 * No sign-in and no same-origin check, on purpose: the POST comes from a mail provider's servers
 * or from inside a mail client, with no session and often no Origin, or a foreign one. That is
 * safe because the signed token is the whole authority, and it can do one thing only: turn one
 * kind of email off for the one address it was sent to. A forged cross-site request needs the
 * token, and whoever has the token may already do exactly this; nothing is read or revealed
 * beyond the kind's name.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (app, options) => {
  // Fastify parses JSON only. This parser exists in this plugin alone, for this route: no other
  // route takes form bodies.
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/unsubscribe',
    {
      config: { rateLimit: rateLimit('unsubscribe', options.rateLimits) },
      bodyLimit: FORM_BODY_LIMIT * 2,
      schema: {
        tags: ['notifications'],
        summary: 'Turn off the emails of one kind with the signed link of an email (RFC 8058)',
        description:
          "The token comes in the JSON body, or in the query with RFC 8058's form body `List-Unsubscribe=One-Click`. No sign-in: the token is the authority.",
        security: [],
        consumes: ['application/json', FORM, 'multipart/form-data'],
        querystring: z.object({ token: tokenField.optional() }),
        body: bodySchema,
        response: {
          200: unsubscribeResultSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      // A multipart body is left unread (its one field says nothing the POST does not): the
      // token is in the query.
      const token = request.body?.token ?? request.query.token;
      if (!token) throw new AppError('bad_request', MESSAGES.notifications.unsubscribeInvalid);
      return options.unsubscribe.unsubscribe(token);
    },
  );
};

/** The unsubscribe route and what it needs; the secret is made at the first start. */
export async function registerUnsubscribe(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; rateLimits: 'strict' | 'relaxed' },
) {
  const secret = await loadUnsubscribeSecret(createServerKeysRepository(deps.database.db));
  const unsubscribe = createUnsubscribeService({
    repository: createUnsubscribeRepository(deps.database.db),
    secret,
  });
  await app.register(unsubscribeRoutes, {
    prefix: '/api',
    unsubscribe,
    rateLimits: deps.rateLimits,
  });
  return { unsubscribeSecret: secret };
}
