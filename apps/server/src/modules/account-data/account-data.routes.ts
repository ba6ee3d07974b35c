import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { accountDeletionSchema } from '@arena/shared/account.schema';
import { apiErrorSchema } from '@arena/shared/api-error';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import type { AccountDataService } from './account-data.service.ts';

export interface AccountDataRoutesOptions extends Guards {
  accountData: AccountDataService;
  secureCookies: boolean;
}

/** What the Privacy Policy promises: a copy of one's data, and deleting one's account. */
export const accountDataRoutes: FastifyPluginAsyncZod<AccountDataRoutesOptions> = async (
  app,
  options,
) => {
  const { accountData, secureCookies } = options;
  const guard = guardsFor(options);

  app.get(
    '/me/data-export',
    {
      ...guard.limited('dataExport'),
      schema: {
        tags: ['auth'],
        summary:
          'Download my data: a ZIP with one JSON file per kind of record (profile, cv, posts, comments, messages, applications, offers, verification-requests) and the uploaded files under files/',
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            description: 'The ZIP file, streamed',
            content: { 'application/zip': { schema: z.file() } },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="arena-data-${day}.zip"`)
          .header('cache-control', 'private, no-store')
          // A stream, sent as it is written; the schema above only describes it for the document.
          .send(accountData.exportArchive(auth) as unknown as File)
      );
    },
  );

  app.post(
    '/me/account-deletion',
    {
      ...guard.limited('passwordChange'),
      schema: {
        tags: ['auth'],
        summary:
          'Delete my account: the password, or for an account without one a session started in the last 10 minutes; signs out everywhere',
        security: [{ bearerAuth: [] }],
        body: accountDeletionSchema,
        response: { 204: z.null(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await accountData.deleteAccount(auth, request.body.password, request.ip);
      clearRefreshCookie(reply, secureCookies);
      return reply.status(204).send(null);
    },
  );
};
