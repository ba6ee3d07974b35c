import type { Readable } from 'node:stream';

import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';

import { AppError } from './app-error.ts';

/**
 * Errors the multipart parser raises for a malformed body (no boundary, a part cut off), with
 * the message to answer them with. They surface wherever the file stream is read, so they are
 * recognised by identity in the error handler: the client's mistake is a 400, never a 500.
 */
const malformed = new WeakMap<object, string>();

/** The 400 message for an error raised by a malformed upload, or undefined for any other error. */
export function malformedUpload(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? malformed.get(error) : undefined;
}

/**
 * The parser's "file too large" (past the route's own limit or the multipart ceiling) as the 413
 * that says `message`; any other error as it is.
 */
export function asTooLarge(error: unknown, message: string): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', message);
  }
  return error;
}

/**
 * The single file of a multipart request. A parser error without a status of its own (the
 * limits have theirs: 413) is the client's: it is answered with `missing`.
 */
export async function requestFile(
  request: FastifyRequest,
  missing: string,
  limits: { fileSize?: number },
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', missing);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { ...limits, files: 1 } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('bad_request', missing);
  }
  if (!file) throw new AppError('bad_request', missing);
  const mark = (error: Error & { statusCode?: number }) => {
    if (!error.statusCode) malformed.set(error, missing);
  };
  // The stream may have failed already (a body cut off inside the first part).
  if (file.file.errored) mark(file.file.errored);
  file.file.on('error', mark);
  // Past its size limit the parser only marks the file truncated and reads on to the end of the
  // body; fail the stream at once instead, so an oversized upload is refused while it streams.
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  file.file.once('limit', () => file.file.destroy(new RequestFileTooLargeError()));
  return file;
}

/** The single file of a multipart request, as a stream for the service to read and limit. */
export async function openSingleFile(
  request: FastifyRequest,
  missing: string,
): Promise<{ stream: Readable; filename: string }> {
  const file = await requestFile(request, missing, {});
  return { stream: file.file, filename: file.filename };
}
