import type { Session } from '@arena/shared/auth.schema';
import { vi } from 'vitest';

/** One canned answer: a status and JSON body, or a thrown network failure. */
export type FakeReply =
  | { status: number; body?: unknown; /** Answer this much later. */ delayMs?: number }
  | { networkError: true };

interface RecordedCall {
  path: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/**
 * A fetch double that answers per path (or per 'METHOD path') from a queue (the last answer repeats) and records
 * every call, so tests can assert what the client sent and in which order.
 */
export function fakeApi(routes: Record<string, FakeReply[]>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    // 'POST /api/x' answers that method only; a bare path answers any method.
    const queue = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path] ?? [];
    // Each answer is used once, except the last, which repeats.
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (!next) return Promise.resolve(reply({ status: 404 }));
    if ('networkError' in next) return Promise.reject(new TypeError('Failed to fetch'));
    const { delayMs } = next;
    if (delayMs) return new Promise((resolve) => setTimeout(() => resolve(reply(next)), delayMs));
    return Promise.resolve(reply(next));
  });
  return {
    fetch,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** Replaces the answers for a path. */
    set: (path: string, replies: FakeReply[]) => {
      routes[path] = replies;
    },
  };
}

function reply({ status, body }: { status: number; body?: unknown }): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): FakeReply {
  return { status, body: { error: { code, message } } };
}

export function makeSession(
  accessToken: string,
  overrides: { expiresInMs?: number; roles?: Session['roles'] } = {},
): Session {
  return {
    accessToken,
    expiresAt: new Date(Date.now() + (overrides.expiresInMs ?? 15 * 60_000)).toISOString(),
    user: { id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', email: 'jordan@arena.test' },
    profile: {
      id: '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d',
      username: 'jordan_23',
      fullName: 'Jordan Miles',
      avatarUrl: null,
      bio: null,
      verified: false,
      userType: 'player',
    },
    roles: overrides.roles ?? [],
    aal: 'aal1',
  };
}

/** A Storage-like object backed by a Map. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    has: (key: string) => items.has(key),
  };
}
