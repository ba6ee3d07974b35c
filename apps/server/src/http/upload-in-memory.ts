import type { FastifyRequest } from 'fastify';

import { AppError } from './app-error.ts';
import { asTooLarge, requestFile } from './multipart-upload.ts';

export interface ReadFile {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads the single file of a multipart request, refusing it once it passes `maxBytes`: the
 * stream is cut off at the limit, never buffered whole.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: { maxBytes: number; tooLarge: string; missing: string },
): Promise<ReadFile> {
  const file = await requestFile(request, options.missing, { fileSize: options.maxBytes });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.file) chunks.push(chunk as Buffer);
  } catch (error) {
    throw asTooLarge(error, options.tooLarge);
  }
  if (file.file.truncated) throw new AppError('payload_too_large', options.tooLarge);
  return { bytes: Buffer.concat(chunks), filename: file.filename };
}
