import { ERROR_CODES } from '@arena/shared/error-codes';
import type { ErrorCode } from '@arena/shared/error-codes';
import { MESSAGES } from '@arena/shared/messages';

/** The server's error codes, plus one for a request that never got an answer. */
export type ApiErrorCode = ErrorCode | 'network_error';

/** A failed API call, carrying the server's `{ error: { code, message, fields } }`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }

  /** Might the same request succeed if sent again a little later? */
  get transient(): boolean {
    return (
      this.status === 0 ||
      this.status === 408 ||
      this.status === 429 ||
      this.status >= 500 ||
      this.code === 'internal'
    );
  }
}

/**
 * The screen's words for a failure the server did not put in words: a status that came without
 * its `{ error }` (a proxy's 413, say), by status; `other` for any status not listed, and for an
 * answer its schema refuses. Without them: the generic words.
 */
export type FailureMessages = Partial<Record<number, string>> & { other?: string };

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads `{ error: { code, message, fields? } }` (the shape of `apiErrorSchema`), checked by hand:
 * every page needs this, and it keeps zod out of the code that loads first.
 */
function readErrorBody(body: unknown): {
  code: ErrorCode;
  message: string;
  fields: Readonly<Record<string, string>> | undefined;
} | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return null;
  const { code, message, fields } = error;
  if (typeof message !== 'string') return null;
  if (!ERROR_CODES.some((known) => known === code)) return null;
  if (fields !== undefined) {
    if (!isRecord(fields) || Object.values(fields).some((v) => typeof v !== 'string')) return null;
  }
  return {
    code: code as ErrorCode,
    message,
    fields: fields as Readonly<Record<string, string>> | undefined,
  };
}

/** The error an answer with status `status` and JSON `body` (if any) stands for. */
export function apiErrorOf(
  status: number,
  body: unknown,
  messages: FailureMessages = {},
): ApiRequestError {
  const error = readErrorBody(body);
  if (error) return new ApiRequestError(status, error.code, error.message, error.fields);
  const code = CODE_FOR_STATUS[status] ?? 'internal';
  const message =
    messages[status] ??
    messages.other ??
    (code === 'rate_limited' ? MESSAGES.rateLimited : MESSAGES.internal);
  return new ApiRequestError(status, code, message);
}

/** An answer its schema refuses: the server broke its own contract (a bug). */
export function contractBroken(status: number, messages: FailureMessages = {}): ApiRequestError {
  return new ApiRequestError(status, 'internal', messages.other ?? MESSAGES.internal);
}

/** A request that got no answer: the connection failed or the server could not be reached. */
export function networkError(): ApiRequestError {
  return new ApiRequestError(0, 'network_error', MESSAGES.network);
}
