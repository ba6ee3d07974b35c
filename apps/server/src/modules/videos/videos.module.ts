import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { transcodeSlots, videoJobSchema } from './video-jobs.ts';
import { createVideosRepository } from './videos.repository.ts';
import { createVideosService } from './videos.service.ts';

/**
 * Uploaded videos made playable in the background (decision 0051): the `video` queue's worker,
 * a few transcodes at a time on each instance. No routes: uploads are received by the posts and
 * messages routes, and the result reaches members through their posts and messages.
 */
export function registerVideos(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    bus: EventBus;
    jobs: JobQueue;
    notifications: NotificationsService;
    messageChanged: (messageId: string) => Promise<void>;
  },
) {
  const videos = createVideosService({
    repo: createVideosRepository(deps.database.db),
    storage: deps.storage,
    bus: deps.bus,
    notifications: deps.notifications,
    messageChanged: deps.messageChanged,
  });
  deps.jobs.work(
    'video',
    async (data) => videos.process(videoJobSchema.parse(data).fileId, app.log),
    // A video job is announced by NOTIFY when queued, and takes seconds to minutes: a rare look
    // for one NOTIFY missed costs nothing, where each look of every queue on the embedded
    // database's one connection holds up the requests for its moment.
    { concurrency: transcodeSlots(), pollSeconds: 5 },
  );
}
