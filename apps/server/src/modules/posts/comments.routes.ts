import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { cursorQuerySchema } from '@arena/shared/pagination.schema';
import {
  commentIdParamSchema,
  commentPageSchema,
  commentSchema,
  createCommentSchema,
  postIdParamSchema,
} from '@arena/shared/post.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { CommentsService } from './comments.service.ts';

export interface CommentsRoutesOptions extends Guards {
  comments: CommentsService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const tags = ['comments'];

export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesOptions> = async (
  app,
  options,
) => {
  const { comments } = options;
  const guard = guardsFor(options);

  app.get(
    '/posts/:id/comments',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: "A post's comments, newest first",
        params: postIdParamSchema,
        querystring: cursorQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request) =>
      comments.list(request.params.id, request.auth, request.query.cursor, request.query.limit),
  );

  app.post(
    '/posts/:id/comments',
    {
      ...guard.limited('comment'),
      schema: {
        tags,
        summary: 'Comment on a post',
        params: postIdParamSchema,
        body: createCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await comments.add(requireAuth(request), request.params.id, request.body)),
  );

  app.delete(
    '/posts/:id/comments/:commentId',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete your own comment',
        params: commentIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await comments.remove(requireAuth(request), request.params.id, request.params.commentId);
      return reply.status(204).send(null);
    },
  );
};
