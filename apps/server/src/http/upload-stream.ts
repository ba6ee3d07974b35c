import type { Readable } from 'node:stream';

import type { FastifyRequest } from 'fastify';

import { AppError } from './app-error.ts';

/** The single file of a multipart request, as a stream for the service to read and limit. */
export async function openSingleFile(
  request: FastifyRequest,
  missing: string,
): Promise<{ stream: Readable; filename: string }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', missing);
  const file = await request.file({ limits: { files: 1 } });
  if (!file) throw new AppError('bad_request', missing);
  return { stream: file.file, filename: file.filename };
}
