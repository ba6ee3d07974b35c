// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { apiError, fakeApi } from '../../test/fake-api.ts';
import { ApiRequestError } from './api-error.ts';
import { request } from './request.ts';
import type { TokenSession } from './request.ts';

const okSchema = z.object({ ok: z.boolean() });

/** A session holding `token`, which renews to `renewed` once after a 401, as the manager does. */
function sessionWith(token: string, renewed: string): TokenSession {
  return {
    withAccessToken: async (call) => {
      try {
        return await call(token);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return call(renewed);
        throw error;
      }
    },
  };
}

describe('request', () => {
  it('sends JSON with the session’s token and parses the answer with the schema', async () => {
    const api = fakeApi({ '/api/x': [{ status: 200, body: { ok: true } }] });
    const answer = await request('/api/x', {
      session: sessionWith('t1', 't2'),
      schema: okSchema,
      method: 'POST',
      body: { a: 1 },
      fetch: api.fetch,
    });
    expect(answer).toEqual({ ok: true });
    expect(api.calls).toEqual([
      { path: '/api/x', method: 'POST', authorization: 'Bearer t1', body: { a: 1 } },
    ]);
  });

  it('retries once with the renewed token after a 401', async () => {
    const api = fakeApi({
      '/api/x': [apiError(401, 'unauthorized', 'Expired'), { status: 200, body: { ok: true } }],
    });
    await request('/api/x', {
      session: sessionWith('t1', 't2'),
      schema: okSchema,
      fetch: api.fetch,
    });
    expect(api.calls.map((call) => call.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('turns the server’s error body into an ApiRequestError', async () => {
    const api = fakeApi({
      '/api/x': [
        {
          status: 400,
          body: { error: { code: 'bad_request', message: 'No', fields: { a: 'Required' } } },
        },
      ],
    });
    await expect(request('/api/x', { fetch: api.fetch })).rejects.toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'No',
      fields: { a: 'Required' },
    });
  });

  it('names a failure without an error body by its status, in the caller’s words if given', async () => {
    const api = fakeApi({ '/api/x': [{ status: 413, body: '<html>' }] });
    await expect(request('/api/x', { fetch: api.fetch })).rejects.toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'Something went wrong on our side. Please try again.',
    });
    await expect(
      request('/api/x', { fetch: api.fetch, failureMessages: { 413: 'Too big' } }),
    ).rejects.toMatchObject({ code: 'payload_too_large', message: 'Too big' });
  });

  it('reports an answer its schema refuses as the server’s bug', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({ '/api/x': [{ status: 200, body: { ok: 'yes' } }] });
    await expect(
      request('/api/x', {
        schema: okSchema,
        fetch: api.fetch,
        failureMessages: { other: 'Failed' },
      }),
    ).rejects.toMatchObject({ status: 200, code: 'internal', message: 'Failed' });
  });

  it('reports a lost connection as a network error', async () => {
    const api = fakeApi({ '/api/x': [{ networkError: true }] });
    await expect(request('/api/x', { fetch: api.fetch })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('takes an answer sent ahead instead of asking, and asks when that one failed', async () => {
    const api = fakeApi({ '/api/x': [{ status: 200, body: { ok: false } }] });
    const ahead = { status: 200, body: { ok: true } };
    const early = await request('/api/x', {
      schema: okSchema,
      fetch: api.fetch,
      earlyAnswer: () => Promise.resolve(ahead),
    });
    const failedEarly = await request('/api/x', {
      schema: okSchema,
      fetch: api.fetch,
      earlyAnswer: () => Promise.resolve(null),
    });
    expect([early, failedEarly]).toEqual([{ ok: true }, { ok: false }]);
    expect(api.calls).toHaveLength(1);
  });
});
