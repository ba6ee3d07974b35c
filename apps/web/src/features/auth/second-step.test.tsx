import type { Session } from '@arena/shared/auth.schema';
import type { Factor } from '@arena/shared/factor.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { REMEMBER_FLAG } from '../../lib/session/session-flags.ts';
import { apiError, makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole journeys through the real app in jsdom: several screens and many keystrokes each.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOTP: Factor = {
  id: '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a01',
  friendlyName: 'Pixel app',
  factorType: 'totp',
  status: 'verified',
  phoneHint: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: null,
};
const PHONE: Factor = {
  ...TOTP,
  id: '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a02',
  friendlyName: 'Mobile',
  factorType: 'phone',
  phoneHint: '•••• 5678',
};
const CHALLENGE_ID = '5e0f5d5c-9d3c-4e0c-8f37-6a1c1b2d3e4f';

function partialSession(token = 'partial'): Session {
  return { ...makeSession(token), aal: 'aal1', mfaRequired: { factors: [TOTP, PHONE] } };
}

function fullSession(token = 'full'): Session {
  return { ...makeSession(token), aal: 'aal2' };
}

const challenge = (factor: Factor): FakeReply => ({
  status: 201,
  body: {
    id: CHALLENGE_ID,
    factorId: factor.id,
    factorType: factor.factorType,
    expiresAt: '2025-03-05T11:00:00.000Z',
  },
});

const verified = (factor: Factor): FakeReply => ({
  status: 200,
  body: { session: fullSession(), factor, recoveryCodes: null },
});

async function signInToSecondStep(api: Record<string, FakeReply[]> = {}) {
  const app = renderApp('/auth', {
    api: { '/api/auth/sign-in': [{ status: 200, body: partialSession() }], ...api },
  });
  await screen.findByRole('tab', { name: 'Login' });
  await app.user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
  await app.user.type(screen.getByLabelText('Password'), 'long-enough');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  return app;
}

describe('the second step of a sign-in', () => {
  it('comes after the password when the member has a second factor, and lists every way through', async () => {
    const { router, manager, local } = await signInToSecondStep();
    expect(router.state.location.pathname).toBe('/auth');
    expect(manager.getState().status).toBe('mfa-required');
    expect(local.getItem(REMEMBER_FLAG)).toBe('1');
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
    const choices = within(screen.getByRole('group', { name: 'Verify with' }));
    expect(choices.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
    expect(choices.getByRole('radio', { name: /Text message.*•••• 5678/ })).not.toBeChecked();
    expect(choices.getByRole('radio', { name: /Recovery code/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
  });

  it('sends the app’s code to a fresh challenge, then welcomes the member on /feed at aal2', async () => {
    const { user, api, router, manager } = await signInToSecondStep({
      [`/api/auth/factors/${TOTP.id}/challenge`]: [challenge(TOTP)],
      [`/api/auth/factors/${TOTP.id}/verify`]: [verified(TOTP)],
    });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    const [verify] = api.callsTo(`/api/auth/factors/${TOTP.id}/verify`);
    expect(verify?.body).toEqual({ challengeId: CHALLENGE_ID, code: '123456' });
    expect(verify?.authorization).toBe('Bearer partial');
    expect(api.callsTo(`/api/auth/factors/${TOTP.id}/challenge`)[0]?.authorization).toBe(
      'Bearer partial',
    );
    expect(manager.getState()).toMatchObject({ status: 'signed-in', session: { aal: 'aal2' } });
  });

  it('refuses a code that cannot be right without asking the server', async () => {
    const { user, api } = await signInToSecondStep();
    await user.type(screen.getByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.callsTo(`/api/auth/factors/${TOTP.id}/challenge`)).toHaveLength(0);
  });

  it('shows the server’s words for a wrong code and stays on the step', async () => {
    const message = 'That code is not valid. Please check it and try again.';
    const { user, router, manager } = await signInToSecondStep({
      [`/api/auth/factors/${TOTP.id}/challenge`]: [challenge(TOTP)],
      [`/api/auth/factors/${TOTP.id}/verify`]: [apiError(400, 'bad_request', message)],
    });
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(manager.getState().status).toBe('mfa-required');
  });

  it('texts a code to the phone and checks it against that text’s challenge', async () => {
    const { user, api, router } = await signInToSecondStep({
      [`/api/auth/factors/${PHONE.id}/challenge`]: [challenge(PHONE)],
      [`/api/auth/factors/${PHONE.id}/verify`]: [verified(PHONE)],
    });
    await user.click(screen.getByRole('radio', { name: /Text message/ }));
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We sent a code to •••• 5678.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the text message'), '000111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(api.callsTo(`/api/auth/factors/${PHONE.id}/challenge`)).toHaveLength(1);
    expect(api.callsTo(`/api/auth/factors/${PHONE.id}/verify`)[0]?.body).toEqual({
      challengeId: CHALLENGE_ID,
      code: '000111',
    });
  });

  it('takes a recovery code instead, and warns when few are left', async () => {
    const { user, api, router } = await signInToSecondStep({
      '/api/auth/recovery-codes/verify': [
        { status: 200, body: { session: fullSession(), recoveryCodesRemaining: 2 } },
      ],
    });
    await user.click(screen.getByRole('radio', { name: /Recovery code/ }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9p-x7qtr');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('You have 2 recovery codes left. Create new ones in Settings.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(api.callsTo('/api/auth/recovery-codes/verify')[0]?.body).toEqual({
      code: 'k3m9p-x7qtr',
    });
  });

  it('can be abandoned: the partial session is signed out', async () => {
    const { user, api, manager } = await signInToSecondStep();
    await user.click(screen.getByRole('button', { name: 'Cancel and sign out' }));
    await waitFor(() => expect(manager.getState().status).toBe('signed-out'));
    expect(api.callsTo('/api/auth/sign-out').length).toBeGreaterThan(0);
  });

  it('is where a restored partial session lands, whatever page was asked for', async () => {
    const { router } = renderApp('/feed', {
      signedInAs: {},
      api: { '/api/auth/refresh': [{ status: 200, body: partialSession('restored') }] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByLabelText('Authentication code')).toBeVisible();
  });
});
