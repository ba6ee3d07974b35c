import type { z } from 'zod';

import { apiErrorOf, contractBroken } from './api-error.ts';
import type { FailureMessages } from './api-error.ts';
import { sendWithFetch, sendWithXhr } from './transport.ts';
import type { Method } from './transport.ts';

/** A successful answer: its status and JSON body (undefined when it had none). */
export interface Answer {
  status: number;
  body: unknown;
}

/** A schema, or a loader of one (`() => import(...)`). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * Whose access token a request carries: the session manager (lib/session), which renews the token
 * once on a 401 (unless another call already did) and runs the call once more.
 */
export interface TokenSession {
  withAccessToken<T>(call: (accessToken: string | null) => Promise<T>): Promise<T>;
}

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a `FormData` is sent as multipart (an upload). */
  body?: unknown;
  /** Calls the API as this session's member (or anonymously when nobody is signed in). */
  session?: TokenSession;
  /** A token in hand instead, for the calls the session manager makes itself. */
  accessToken?: string | null;
  signal?: AbortSignal;
  /** Hears the share of the body sent so far (0 to 1); the request then goes through XHR. */
  onProgress?: (fraction: number) => void;
  /** The screen's words for a failure the server sent no `{ error }` for. */
  failureMessages?: FailureMessages;
  /**
   * The answer to this very call when it was sent ahead (features/feed/early-answers.ts), for the
   * token the call would send; null when there is none. An early request that failed is asked again.
   */
  earlyAnswer?: (accessToken: string | null) => Promise<Answer | null> | null;
  /** The answer is a file: its body is a `Blob` (a download). */
  binary?: boolean;
  /** The fetch to use; tests pass a mock. */
  fetch?: typeof fetch;
}

function loadSchema<S extends z.ZodType>(schema: SchemaSource<S>): Promise<S> {
  return typeof schema === 'function' ? schema() : Promise.resolve(schema);
}

/** Checks an answer against the shared schema of its path. */
function parseAnswer<S extends z.ZodType>(
  path: string,
  answer: Answer,
  schema: S,
  failureMessages: FailureMessages = {},
): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    // The server broke its own contract: a bug, reported as such rather than half-rendered.
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw contractBroken(answer.status, failureMessages);
  }
  return parsed.data;
}

/**
 * The one way to call the API. It sends JSON or a form (an upload, through XHR when `onProgress`
 * is given), attaches the session's access token and on a 401 renews it once and retries once,
 * and turns any failure into an `ApiRequestError`. With a `schema` it resolves to the answer
 * parsed by it; the schema may be given as a loader (`() => import(...)`), which then loads while
 * the request is in flight and keeps schemas, and zod, out of the code every page loads first.
 * Without one it resolves to the raw answer.
 */
export function request<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: SchemaSource<S> },
): Promise<z.output<S>>;
export function request(path: string, options?: RequestOptions): Promise<Answer>;
export async function request(
  path: string,
  { schema, session, ...options }: RequestOptions & { schema?: SchemaSource<z.ZodType> } = {},
): Promise<unknown> {
  const call = async (accessToken: string | null) => {
    const schemaReady = schema === undefined ? null : loadSchema(schema);
    const early = options.earlyAnswer?.(accessToken);
    const answer = (early ? await early : null) ?? (await send(path, options, accessToken));
    if (!schemaReady) return answer;
    const parsed: unknown = parseAnswer(path, answer, await schemaReady, options.failureMessages);
    options.onProgress?.(1);
    return parsed;
  };
  return session ? session.withAccessToken(call) : call(options.accessToken ?? null);
}

async function send(
  path: string,
  { method = 'GET', body, signal, onProgress, failureMessages, fetch, binary }: RequestOptions,
  accessToken: string | null,
): Promise<Answer> {
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: binary ? '*/*' : 'application/json',
  };
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const outgoing = {
    method,
    headers,
    body: body === undefined ? null : multipart ? body : JSON.stringify(body),
    signal,
    binary,
  };
  const received = onProgress
    ? await sendWithXhr(path, outgoing, onProgress)
    : await sendWithFetch(path, outgoing, fetch);
  if (!received.ok) throw apiErrorOf(received.status, received.body, failureMessages);
  return { status: received.status, body: received.body };
}
