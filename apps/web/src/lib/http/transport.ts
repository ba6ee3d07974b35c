import { networkError } from './api-error.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as the wire sees it. */
export interface Outgoing {
  method: Method;
  headers: Record<string, string>;
  /** JSON text, or a form sent as multipart. */
  body: string | FormData | null;
  signal?: AbortSignal;
  /** A successful answer's body is a file (a `Blob`), not JSON; failures are JSON still. */
  binary?: boolean;
}

/** What came back: its status and JSON body (undefined when it had none, or not JSON). */
export interface Received {
  status: number;
  ok: boolean;
  body: unknown;
}

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/** Sends with fetch. A cancelled request rejects with the AbortError; no answer, with a network error. */
export async function sendWithFetch(
  path: string,
  { method, headers, body, signal, binary }: Outgoing,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<Received> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      headers,
      body,
      // The refresh token is an HttpOnly cookie on /api/auth: same-origin requests carry it.
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (binary && response.ok) {
    return { status: response.status, ok: true, body: await response.blob() };
  }
  const json: unknown = await response.json().catch(() => undefined);
  return { status: response.status, ok: response.ok, body: json };
}

/**
 * Sends with XMLHttpRequest, the one browser API that reports how much of the body has been sent:
 * `onProgress` hears the share sent so far, 0 to 1.
 */
export function sendWithXhr(
  path: string,
  { method, headers, body, signal }: Outgoing,
  onProgress: (fraction: number) => void,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve({ status: xhr.status, ok, body: parseJson(xhr.responseText) });
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(cancelled()));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
