import { availableParallelism } from 'node:os';

import { z } from 'zod';

import type { Executor } from '../../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** A `video` job: the upload (stored_files.id) to make playable. */
export const videoJobSchema = z.object({ fileId: z.uuid() });

/** Queues an upload's processing in `tx`, once while it waits (its id is the job's key). */
export function queueVideo(jobs: JobQueue, tx: Executor, fileId: string): Promise<void> {
  return jobs.send(tx, 'video', { fileId }, { key: fileId });
}

/**
 * Transcodes one instance runs at once: one core fewer than it has, at least one, so that a
 * core is left for the requests (each ffmpeg runs on one thread, at a lower priority).
 */
export function transcodeSlots(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}
