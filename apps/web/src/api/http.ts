import { apiErrorSchema } from '@arena/shared/api-error';
import type { ErrorCode } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type { z } from 'zod';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer …` when present. */
  accessToken?: string | null;
  signal?: AbortSignal;
  /** The fetch to use; tests pass a mock. */
  fetch?: typeof fetch;
}

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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.accessToken) headers.set('Authorization', `Bearer ${options.accessToken}`);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      // The refresh token is an HttpOnly cookie on /api/auth: same-origin requests carry it.
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network_error', MESSAGES.network);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(response.status, code, message, fields);
  }
  const code = CODE_FOR_STATUS[response.status] ?? 'internal';
  const message = code === 'rate_limited' ? MESSAGES.rateLimited : MESSAGES.internal;
  return new ApiRequestError(response.status, code, message);
}

/** Sends a request and parses the JSON answer with the shared schema. */
export async function requestJson<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // The server broke its own contract: a bug, reported as such rather than half-rendered.
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiRequestError(response.status, 'internal', MESSAGES.internal);
  }
  return parsed.data;
}

/** Sends a request whose answer has no body worth reading (204). */
export async function requestNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
