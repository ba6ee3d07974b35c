import { availableParallelism } from 'node:os';

import type Piscina from 'piscina';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { EncodedImageSet, ImageTask } from './image-worker.ts';
import { trimCHeap } from './malloc-trim.ts';

/**
 * Every picture is decoded and encoded in a small pool of worker threads, never on the event
 * loop: one picture per core but one at a time (the event loop keeps a core of its own), a
 * bounded line of waiting ones, and a 503 with
 * Retry-After past that, so a burst of heavy uploads costs waiting time, not the server's memory
 * or its answers to everyone else. Workers that sit idle are let go, and the decoders' memory
 * with them (libheif's WebAssembly heap only grows while its worker lives).
 */
export const IMAGE_POOL = {
  threads: Math.max(1, availableParallelism() - 1),
  /** Pictures waiting for a thread, per thread, before the pool says it is busy. */
  queuePerThread: 8,
  idleTimeoutMs: 5_000,
  retryAfterSeconds: 5,
} as const;

export class ImagesBusyError extends AppError {
  constructor() {
    super('unavailable', MESSAGES.imagesBusy);
    this.retryAfterSeconds = IMAGE_POOL.retryAfterSeconds;
  }
}

let pool: Piscina | undefined;

async function imagePool(): Promise<Piscina> {
  if (pool) return pool;
  // libvips must stay loaded for the life of the process: a worker that loads it alone would
  // unload it when the pool lets that worker go (sharp's own advice for worker threads).
  await import('sharp');
  const { default: PiscinaPool } = await import('piscina');
  pool ??= new PiscinaPool({
    filename: new URL('./image-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: IMAGE_POOL.threads,
    maxQueue: IMAGE_POOL.threads * IMAGE_POOL.queuePerThread,
    idleTimeout: IMAGE_POOL.idleTimeoutMs,
    // The worker is TypeScript, run as the server is (tsx); whatever ran this thread may not
    // have passed its loader on (a test runner's fork).
    execArgv: process.execArgv.some((flag) => flag.includes('tsx'))
      ? process.execArgv
      : [...process.execArgv, '--import', 'tsx'],
  });
  // What the decoders freed stays in the C heap's arenas until someone gives it back: once a
  // worker has gone (a moment after the pool lets it go, with its thread's own caches), so has
  // the burst that needed it.
  pool.on('workerDestroy', () => setTimeout(trimCHeap, 250).unref());
  return pool;
}

/** Runs one picture in the pool; `ImagesBusyError` when the line of waiting pictures is full. */
export async function runImageTask(task: ImageTask): Promise<EncodedImageSet> {
  const workers = await imagePool();
  if (workers.queueSize >= workers.options.maxQueue) throw new ImagesBusyError();
  return (await workers.run(task)) as EncodedImageSet;
}

/** Stops the pool's threads (server close, CLI end); the next picture starts a new pool. */
export async function closeImagePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
