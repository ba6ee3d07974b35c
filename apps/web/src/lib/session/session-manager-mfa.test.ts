// @vitest-environment node
import type { Session } from '@arena/shared/auth.schema';
import { describe, expect, it } from 'vitest';

import { makeSession } from '../../test/fake-api.ts';
import { REFRESH, SIGN_IN, setupManager } from '../../test/session-harness.ts';
import { REMEMBER_FLAG } from './session-flags.ts';

const FACTOR = {
  id: '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a01',
  friendlyName: 'Pixel app',
  factorType: 'totp' as const,
  status: 'verified' as const,
  phoneHint: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: null,
};

const partial = (token: string): Session => ({
  ...makeSession(token),
  mfaRequired: { factors: [FACTOR] },
});
const full = (token: string): Session => ({ ...makeSession(token), aal: 'aal2' });

describe('sessions that need a second step', () => {
  it('a password sign-in that needs one leaves the manager waiting for it, not signed in', async () => {
    const { manager, local } = setupManager({ [SIGN_IN]: [{ status: 200, body: partial('p') }] });
    await manager.signIn({ email: 'jordan@arena.test', password: 'long-enough', remember: true });
    expect(manager.getState()).toMatchObject({ status: 'mfa-required', session: { aal: 'aal1' } });
    // The access token is kept: the second step needs it.
    expect(manager.getAccessToken()).toBe('p');
    expect(local.getItem(REMEMBER_FLAG)).toBe('1');
  });

  it('a restored session that needs one waits for it too', async () => {
    const { manager } = setupManager(
      { [REFRESH]: [{ status: 200, body: partial('restored') }] },
      { local: { [REMEMBER_FLAG]: '1' } },
    );
    await manager.start();
    expect(manager.getState().status).toBe('mfa-required');
  });

  it('replaceSession adopts the aal2 session the call answers with, under the refresh lock', async () => {
    const held: string[] = [];
    const { manager } = setupManager(
      { [SIGN_IN]: [{ status: 200, body: partial('p') }] },
      {},
      {
        locks: {
          request: (async (name: string, task: () => Promise<unknown>) => {
            held.push(name);
            return task();
          }) as unknown as LockManager['request'],
        },
      },
    );
    await manager.signIn({ email: 'jordan@arena.test', password: 'long-enough', remember: true });
    const seen: (string | null)[] = [];
    await manager.replaceSession((token) => {
      seen.push(token);
      return Promise.resolve({ session: full('f') });
    });
    expect(seen).toEqual(['p']);
    expect(held).toEqual(['arena-refresh']);
    expect(manager.getState()).toMatchObject({ status: 'signed-in', session: { aal: 'aal2' } });
    expect(manager.getAccessToken()).toBe('f');
  });
});
