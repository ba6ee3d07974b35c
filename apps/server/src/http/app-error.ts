import type { ErrorCode } from '@arena/shared/api-error';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  account_suspended: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** An expected failure a service reports; the error handler turns it into the API error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as `Retry-After` (503, 429): when the same request may succeed. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(STATUS_BY_CODE).find(([, value]) => value === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'internal' : 'bad_request';
}
