import { ERROR_CODES } from '@arena/shared/error-codes';
import type { ErrorCode } from '@arena/shared/error-codes';
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

async function toApiError(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const error = readErrorBody(body);
  if (error) return new ApiRequestError(response.status, error.code, error.message, error.fields);
  const code = CODE_FOR_STATUS[response.status] ?? 'internal';
  const message = code === 'rate_limited' ? MESSAGES.rateLimited : MESSAGES.internal;
  return new ApiRequestError(response.status, code, message);
}

/** A successful answer: its status and JSON body (undefined when it had none). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Sends a request; resolves with its answer when it succeeded, throws `ApiRequestError` else. */
export async function requestAnswer(path: string, options: RequestOptions = {}): Promise<Answer> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

/** A schema, or a loader of one (`() => import(...)`). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export function loadSchema<S extends z.ZodType>(schema: SchemaSource<S>): Promise<S> {
  return typeof schema === 'function' ? schema() : Promise.resolve(schema);
}

/** Checks an answer against the shared schema of its path. */
export function parseAnswer<S extends z.ZodType>(
  path: string,
  answer: Answer,
  schema: S,
): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    // The server broke its own contract: a bug, reported as such rather than half-rendered.
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiRequestError(answer.status, 'internal', MESSAGES.internal);
  }
  return parsed.data;
}

/**
 * Sends a request and parses the JSON answer with the shared schema. The schema may be given
 * as a loader (`() => import(...)`): it then loads while the request is in flight, which keeps
 * schemas, and zod, out of the code every page loads first.
 */
export async function requestJson<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const schemaReady = loadSchema(schema);
  const answer = await requestAnswer(path, options);
  return parseAnswer(path, answer, await schemaReady);
}

/** Sends a request whose answer has no body worth reading (204). */
export async function requestNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
