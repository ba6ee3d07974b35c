import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  messagePolicyInputSchema,
  messagePolicySettingSchema,
  messageRequestPageSchema,
  messageRequestResultSchema,
} from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { MessageRequestsService } from './message-requests.service.ts';

export interface MessageRequestsRoutesOptions extends Guards {
  requests: MessageRequestsService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: MESSAGES.messaging.notARequest }) });
const tags = ['messages'];

/** Message requests (`/api/conversations/requests`, `/:id/accept|decline|block`) and the setting. */
export const messageRequestsRoutes: FastifyPluginAsyncZod<MessageRequestsRoutesOptions> = async (
  app,
  options,
) => {
  const { requests } = options;
  const guard = guardsFor(options);

  app.get(
    '/conversations/requests',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Message requests waiting for you, most recent first',
        querystring: cursorQuerySchema,
        response: { 200: messageRequestPageSchema, ...errors },
      },
    },
    async (request) =>
      requests.list(requireAuth(request), request.query.cursor, request.query.limit),
  );

  const answers = {
    accept: 'Accept a message request: it becomes a normal conversation (read receipts included)',
    decline: 'Decline a message request: it is hidden from you; the sender is not told',
    block: 'Block the sender of a message request; the request is removed',
  } as const;
  for (const [action, summary] of Object.entries(answers) as [keyof typeof answers, string][]) {
    app.post(
      `/conversations/:id/${action}`,
      {
        ...guard.write,
        schema: {
          tags,
          summary,
          params: idParams,
          response: { 200: messageRequestResultSchema, ...errors },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const id = request.params.id;
        switch (action) {
          case 'accept':
            return requests.accept(auth, id);
          case 'decline':
            return requests.decline(auth, id);
          case 'block':
            return requests.blockSender(auth, id);
        }
      },
    );
  }

  app.put(
    '/me/message-policy',
    {
      ...guard.write,
      schema: {
        tags,
        summary:
          "Who can message you: everyone (not under 18), people you follow, verified organisations, nobody; others' first messages go to requests",
        body: messagePolicyInputSchema,
        response: { 200: messagePolicySettingSchema, ...errors },
      },
    },
    async (request) => requests.setPolicy(requireAuth(request), request.body.policy),
  );
};
