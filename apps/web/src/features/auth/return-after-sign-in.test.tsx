import type { Session } from '@arena/shared/auth.schema';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { leaveApp } from './leave-app.ts';
import { makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('./leave-app.ts', () => ({ leaveApp: vi.fn() }));

// Whole journeys through the real app in jsdom: several screens and keystrokes each.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

const TOTP_ID = '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a01';

function partialSession(): Session {
  return {
    ...makeSession('partial'),
    aal: 'aal1',
    mfaRequired: {
      factors: [
        {
          id: TOTP_ID,
          friendlyName: 'Pixel app',
          factorType: 'totp',
          status: 'verified',
          phoneHint: null,
          createdAt: '2025-03-01T10:00:00.000Z',
          lastUsedAt: null,
        },
      ],
    },
  };
}

function where(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

async function signIn(app: ReturnType<typeof renderApp>) {
  await screen.findByRole('tab', { name: 'Login' });
  await app.user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
  await app.user.type(screen.getByLabelText('Password'), 'long-enough');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('a signed-out deep link', () => {
  it.each([
    ['/messages?user=maria_lopez', '/auth?redirectTo=%2Fmessages%3Fuser%3Dmaria_lopez'],
    [
      '/posts/6d1f0c1e-5a2b-4c3d-8e9f-0a1b2c3d4e5f',
      '/auth?redirectTo=%2Fposts%2F6d1f0c1e-5a2b-4c3d-8e9f-0a1b2c3d4e5f',
    ],
    ['/feed', '/auth'],
  ])('goes from %s to %s', async (path, signInPath) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(where(router)).toBe(signInPath));
  });

  it('returns to the page asked for after a password sign-in', async () => {
    const app = renderApp('/messages?user=maria_lopez', {
      api: { '/api/auth/sign-in': [{ status: 200, body: makeSession('fresh') }] },
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth'));
    await signIn(app);
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(where(app.router)).toBe('/messages?user=maria_lopez'));
  });

  it('keeps the page asked for when the visitor switches to Sign Up and back', async () => {
    const app = renderApp('/auth?redirectTo=%2Fdiscover');
    await app.user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await waitFor(() => expect(where(app.router)).toBe('/auth?redirectTo=%2Fdiscover&tab=signup'));
    await app.user.click(screen.getByRole('tab', { name: 'Login' }));
    await waitFor(() => expect(where(app.router)).toBe('/auth?redirectTo=%2Fdiscover'));
  });

  it('returns to the page asked for after the second step', async () => {
    const app = renderApp('/auth?redirectTo=%2Fdiscover', {
      api: {
        '/api/auth/sign-in': [{ status: 200, body: partialSession() }],
        [`/api/auth/factors/${TOTP_ID}/challenge`]: [
          {
            status: 201,
            body: {
              id: '5e0f5d5c-9d3c-4e0c-8f37-6a1c1b2d3e4f',
              factorId: TOTP_ID,
              factorType: 'totp',
              expiresAt: '2025-03-05T11:00:00.000Z',
            },
          },
        ],
        [`/api/auth/factors/${TOTP_ID}/verify`]: [
          {
            status: 200,
            body: {
              session: { ...makeSession('full'), aal: 'aal2' },
              factor: partialSession().mfaRequired?.factors[0],
              recoveryCodes: null,
            },
          },
        ],
      },
    });
    await signIn(app);
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    await app.user.type(screen.getByLabelText('Authentication code'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(where(app.router)).toBe('/discover'));
  });

  it('asks the provider to come back to the page asked for', async () => {
    const { user } = renderApp('/auth?redirectTo=%2Fmessages%3Fuser%3Dmaria_lopez', {
      api: {
        '/api/auth/oidc/providers': [
          { status: 200, body: { providers: [{ name: 'acme', label: 'Acme ID' }] } },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue with Acme ID' }));
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith(
        '/api/auth/oidc/acme/start?redirectTo=%2Fmessages%3Fuser%3Dmaria_lopez&remember=true',
      ),
    );
  });

  it.each([
    '//evil.com',
    'https://evil.com/feed',
    '/\\evil.com',
    '\\/evil.com',
    'javascript:alert(1)',
    '/feed\r\nLocation: https://evil.com',
    'feed',
  ])('never follows %j: the sign-in ends on /feed', async (asked) => {
    const app = renderApp(`/auth?redirectTo=${encodeURIComponent(asked)}`, {
      api: {
        '/api/auth/sign-in': [{ status: 200, body: makeSession('fresh') }],
        '/api/auth/oidc/providers': [
          { status: 200, body: { providers: [{ name: 'acme', label: 'Acme ID' }] } },
        ],
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Continue with Acme ID' }));
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith(
        '/api/auth/oidc/acme/start?redirectTo=%2Ffeed&remember=true',
      ),
    );
  });

  it.each(['//evil.com', 'https://evil.com/feed', '/\\evil.com'])(
    'after a password sign-in, never follows %j',
    async (asked) => {
      const app = renderApp(`/auth?redirectTo=${encodeURIComponent(asked)}`, {
        api: { '/api/auth/sign-in': [{ status: 200, body: makeSession('fresh') }] },
      });
      await signIn(app);
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/feed'));
    },
  );
});
