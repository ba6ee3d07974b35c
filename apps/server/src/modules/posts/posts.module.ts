import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { MediaService } from '../media/media.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { createHighlightsRepository } from './highlights.repository.ts';
import { highlightsRoutes } from './highlights.routes.ts';
import { createHighlightsService } from './highlights.service.ts';
import { commentsRoutes } from './comments.routes.ts';
import { createSafetyRepository } from '../safety/safety.repository.ts';
import { createCommentsService } from './comments.service.ts';
import { createPostsRepository } from './posts.repository.ts';
import { postsRoutes } from './posts.routes.ts';
import { createPostsService } from './posts.service.ts';
import { createReactionsRepository } from './reactions.repository.ts';

/** Posts, their media, likes, reposts and comments, the feed and a profile's posts. */
export async function registerPosts(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    bus: EventBus;
    guards: Guards;
    media: MediaService;
    notifications: NotificationsService;
  },
) {
  const { database, storage, bus, guards, media, notifications } = deps;
  const postsRepository = createPostsRepository(database.db);
  const posts = createPostsService({
    posts: postsRepository,
    reactions: createReactionsRepository(database.db),
    media: createMediaRepository(database.db),
    profiles: createProfilesRepository(database.db),
    storage,
    bus,
    notifications,
  });
  const comments = createCommentsService(
    createCommentsRepository(database.db),
    postsRepository,
    bus,
    notifications,
    createSafetyRepository(database.db),
  );
  await app.register(postsRoutes, { prefix: '/api', ...guards, posts, media });
  await app.register(commentsRoutes, { prefix: '/api', ...guards, comments });
  const highlights = createHighlightsService({
    repo: createHighlightsRepository(database.db),
    profiles: createProfilesRepository(database.db),
    posts,
  });
  await app.register(highlightsRoutes, { prefix: '/api', ...guards, highlights });
  return { posts, comments };
}
