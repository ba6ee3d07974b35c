import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import {
  conversationListSchema,
  messagePageSchema,
  messageSchema,
  openConversationSchema,
  sendMessageSchema,
  unreadTotalSchema,
} from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';
import { mediaUploadSchema } from '@arena/shared/post.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { openSingleFile } from '../../http/multipart-upload.ts';
import { MESSAGE_MEDIA, type MediaService } from '../media/media.service.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { MessagingService } from './messaging.service.ts';

export interface MessagingRoutesOptions extends Guards {
  messaging: MessagingService;
  media: MediaService;
  signer: Signer;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: MESSAGES.messaging.notParticipant }) });
const tags = ['messages'];

export const messagingRoutes: FastifyPluginAsyncZod<MessagingRoutesOptions> = async (
  app,
  options,
) => {
  const { messaging, media, signer } = options;
  const guard = guardsFor(options);

  app.get(
    '/conversations',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your conversations, most recent first',
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => messaging.list(requireAuth(request)),
  );

  app.post(
    '/conversations',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Open the conversation with someone, starting it if needed',
        body: openConversationSchema,
        response: { 200: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request) => messaging.open(requireAuth(request), request.body.username),
  );

  app.get(
    '/conversations/:id/messages',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: "A conversation's messages, newest first (participants only)",
        params: idParams,
        querystring: cursorQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) =>
      messaging.messages(
        requireAuth(request),
        request.params.id,
        request.query.cursor,
        request.query.limit,
      ),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...guard.limited('message'),
      schema: {
        tags,
        summary: 'Send a message',
        params: idParams,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await messaging.send(requireAuth(request), request.params.id, request.body)),
  );

  app.post(
    '/conversations/:id/read',
    {
      ...guard.write,
      schema: {
        tags,
        summary: "Mark the other person's messages read",
        params: idParams,
        response: { 200: z.object({ marked: z.number().int() }), ...errors },
      },
    },
    async (request) => messaging.markRead(requireAuth(request), request.params.id),
  );

  app.get(
    '/me/unread-messages',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'How many messages wait unread',
        response: { 200: unreadTotalSchema, ...errors },
      },
    },
    async (request) => messaging.unread(requireAuth(request)),
  );

  app.post(
    '/message-media',
    {
      ...guard.limited('upload'),
      schema: {
        tags,
        summary: 'Upload a photo (≤ 10 MB) or video (≤ 50 MB) to send; private to the conversation',
        consumes: ['multipart/form-data'],
        response: { 201: mediaUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await openSingleFile(request, MESSAGES.messaging.mediaNotAllowed);
      const upload = await media.upload(auth, file.stream, MESSAGE_MEDIA);
      // The sender may preview their own upload before sending it.
      const { token } = await signer.signFile({ bucket: 'message-media', key: upload.key }, 3600);
      return reply.status(201).send({
        id: upload.id,
        url: `/files/signed/message-media/${upload.key}?token=${encodeURIComponent(token)}`,
        mediaType: upload.mediaType,
      });
    },
  );
};
