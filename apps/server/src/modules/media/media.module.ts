import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { queueVideo } from '../videos/video-jobs.ts';
import { closeImagePool } from './image-pool.ts';
import { createMediaRepository } from './media.repository.ts';
import { createMediaService } from './media.service.ts';

/**
 * Uploads (receiving, checking and re-encoding them), with no routes of its own: posts, messages
 * and offers each accept uploads on theirs. Closes the picture workers with the app.
 */
export function registerMedia(
  app: FastifyInstance,
  deps: { config: AppConfig; database: DatabaseHandle; storage: FileStorage; jobs: JobQueue },
) {
  app.addHook('onClose', closeImagePool);
  return createMediaService(
    createMediaRepository(deps.database.db),
    deps.storage,
    deps.config.dataDir,
    (tx, fileId) => queueVideo(deps.jobs, tx, fileId),
  );
}
