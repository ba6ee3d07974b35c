import type Piscina from 'piscina';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { CvPdfTask } from './cv-pdf-worker.ts';

/**
 * CVs are drawn in one worker thread, never on the event loop (a CV is about 50 ms of CPU,
 * mostly the font's layout): a short line waits, and past it a 503 with Retry-After. The thread
 * goes when idle.
 */
const CV_PDF_POOL = { threads: 1, queue: 16, idleTimeoutMs: 10_000, retryAfterSeconds: 5 };

class CvPdfBusyError extends AppError {
  constructor() {
    super('unavailable', MESSAGES.cv.pdfBusy);
    this.retryAfterSeconds = CV_PDF_POOL.retryAfterSeconds;
  }
}

let pool: Piscina | undefined;

async function pdfPool(): Promise<Piscina> {
  if (pool) return pool;
  // libvips stays loaded for the life of the process (sharp's advice for worker threads).
  await import('sharp');
  const { default: PiscinaPool } = await import('piscina');
  pool ??= new PiscinaPool({
    filename: new URL('./cv-pdf-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: CV_PDF_POOL.threads,
    maxQueue: CV_PDF_POOL.queue,
    idleTimeout: CV_PDF_POOL.idleTimeoutMs,
    // The worker is TypeScript, run as the server is (tsx).
    execArgv: process.execArgv.some((flag) => flag.includes('tsx'))
      ? process.execArgv
      : [...process.execArgv, '--import', 'tsx'],
  });
  return pool;
}

/** Draws one CV in the pool; `CvPdfBusyError` when the line is full. */
export async function drawCvPdf(task: CvPdfTask): Promise<Buffer> {
  const workers = await pdfPool();
  if (workers.queueSize >= workers.options.maxQueue) throw new CvPdfBusyError();
  const bytes = (await workers.run(task)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the pool's thread (server close). */
export async function closeCvPdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
