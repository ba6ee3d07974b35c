import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import {
  createPostSchema,
  feedPageSchema,
  feedQuerySchema,
  likeResultSchema,
  mediaUploadSchema,
  postIdParamSchema,
  postSchema,
  repostResultSchema,
  updatePostSchema,
} from '@arena/shared/post.schema';
import { usernameParamSchema } from '@arena/shared/profile.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { openSingleFile } from '../../http/multipart-upload.ts';
import { type MediaService, POST_MEDIA, publicUrl } from '../media/media.service.ts';
import type { PostsService } from './posts.service.ts';

export interface PostsRoutesOptions extends Guards {
  posts: PostsService;
  media: MediaService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const tags = ['posts'];

export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesOptions> = async (app, options) => {
  const { posts, media } = options;
  const guard = guardsFor(options);

  app.post(
    '/media',
    {
      ...guard.limited('upload'),
      schema: {
        tags,
        summary:
          'Upload a photo (≤ 20 MB) or video (≤ 100 MB) for a post; attach it by id when posting',
        consumes: ['multipart/form-data'],
        response: { 201: mediaUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await openSingleFile(request, MESSAGES.post.mediaUnsupported);
      const upload = await media.upload(auth, file.stream, POST_MEDIA);
      return reply.status(201).send({
        id: upload.id,
        url: publicUrl('post-media', upload.key),
        mediaType: upload.mediaType,
      });
    },
  );

  app.post(
    '/posts',
    {
      ...guard.limited('post'),
      schema: {
        tags,
        summary: 'Post a moment',
        body: createPostSchema,
        response: { 201: postSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.create(requireAuth(request), request.body)),
  );

  app.get(
    '/posts/:id',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: 'One post',
        params: postIdParamSchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => posts.view(request.params.id, request.auth),
  );

  app.patch(
    '/posts/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Edit the text and sport of your own post',
        params: postIdParamSchema,
        body: updatePostSchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => posts.edit(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    {
      ...guard.write,
      schema: {
        tags,
        summary: 'Delete your own post and its media',
        params: postIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await posts.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/feed',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'The home feed: newest posts and the reposts of people you follow, merged by time',
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, ...errors },
      },
    },
    async (request) => posts.feed(requireAuth(request), request.query.sport, request.query.cursor),
  );

  app.get(
    '/profiles/:username/posts',
    {
      ...guard.anyone,
      schema: {
        tags,
        summary: "A profile's posts and reposts, newest first",
        params: usernameParamSchema,
        querystring: feedQuerySchema.pick({ cursor: true }),
        response: { 200: feedPageSchema, ...errors },
      },
    },
    async (request) => posts.ofProfile(request.params.username, request.auth, request.query.cursor),
  );

  for (const [verb, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[verb](
      '/posts/:id/like',
      {
        ...guard.write,
        schema: {
          tags,
          summary: liked ? 'Like a post' : 'Remove your like',
          params: postIdParamSchema,
          response: { 200: likeResultSchema, ...errors },
        },
      },
      async (request) => posts.setLiked(requireAuth(request), request.params.id, liked),
    );
    app[verb](
      '/posts/:id/repost',
      {
        ...guard.write,
        schema: {
          tags,
          summary: liked ? 'Repost a post' : 'Undo your repost',
          params: postIdParamSchema,
          response: { 200: repostResultSchema, ...errors },
        },
      },
      async (request) => posts.setReposted(requireAuth(request), request.params.id, liked),
    );
  }
};
