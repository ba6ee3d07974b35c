import { MESSAGES } from '@arena/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { leaveApp } from './leave-app.ts';
import { REMEMBER_FLAG, SESSION_FLAG } from '../../lib/session/session-flags.ts';
import { apiError, makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('./leave-app.ts', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

const providers = {
  '/api/auth/oidc/providers': [
    {
      status: 200,
      body: {
        providers: [
          { name: 'acme', label: 'Acme ID' },
          { name: 'google', label: 'Google' },
        ],
      },
    },
  ],
};

const pending = {
  provider: 'acme',
  providerLabel: 'Acme ID',
  email: 'maria@example.test',
  fullName: 'Maria Costa',
  username: 'maria_costa',
  remember: false,
  redirectTo: '/discover',
};

describe('Continue with a provider on /auth', () => {
  it('offers each configured provider and leaves for it, remembering the choice first', async () => {
    const { user, local } = renderApp('/auth', { api: providers });
    await user.click(await screen.findByRole('button', { name: 'Continue with Acme ID' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith(
        '/api/auth/oidc/acme/start?redirectTo=%2Ffeed&remember=true',
      ),
    );
    expect(local.getItem(REMEMBER_FLAG)).toBe('1');
  });

  it('shows no provider buttons when none is configured', async () => {
    renderApp('/auth', {
      api: { '/api/auth/oidc/providers': [{ status: 200, body: { providers: [] } }] },
    });
    await screen.findByRole('tab', { name: 'Login' });
    await waitFor(() => expect(screen.queryByText(/Continue with/)).not.toBeInTheDocument());
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('says why an attempt came back, with the provider’s label, and cleans the address', async () => {
    const { router } = renderApp('/auth?oidcError=emailInUse&provider=acme', { api: providers });
    expect(
      await screen.findByText(
        'An Arena account already uses the email address of this Acme ID account. Sign in with your password, then link Acme ID in Settings.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('ignores an error code it does not know', async () => {
    const error = vi.spyOn(toast, 'error');
    const { router } = renderApp('/auth?oidcError=<script>&provider=acme', { api: providers });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('/auth/callback', () => {
  it('welcomes the member back and goes on to the page asked for', async () => {
    const { router } = renderApp('/auth/callback?redirectTo=%2Fdiscover', { signedInAs: {} });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
  });

  it('never follows a page of another site', async () => {
    const { router } = renderApp('/auth/callback?redirectTo=%2F%2Fevil.test', { signedInAs: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('sends the person back to /auth with a message when no session came of it', async () => {
    const { router } = renderApp('/auth/callback?redirectTo=%2Ffeed', {
      api: { ...providers, '/api/auth/refresh': [apiError(401, 'unauthorized', 'expired')] },
    });
    expect(
      await screen.findByText('That sign-in has expired or was already used. Please start again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});

describe('Finish creating your account', () => {
  it('prefills what the provider shared and signs in with the choice made before leaving', async () => {
    const session = makeSession('new-account');
    const { user, api, router, local, sessionStore } = renderApp('/auth/finish', {
      api: {
        '/api/auth/oidc/sign-up': [
          { status: 200, body: pending },
          { status: 201, body: session },
        ],
      },
    });
    expect(await screen.findByText('maria@example.test')).toBeInTheDocument();
    expect(screen.getByText(/You are signing up with Acme ID as/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Maria Costa');
    expect(screen.getByLabelText('Username')).toHaveValue('maria_costa');

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'maria_c');
    // No role is chosen at first: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please select your role')).toBeInTheDocument();
    expect(api.callsTo('/api/auth/oidc/sign-up').filter((call) => call.method === 'POST')).toEqual(
      [],
    );
    await user.click(screen.getByLabelText('I am a'));
    await user.click(await screen.findByRole('option', { name: 'Player' }));
    // The same age question as Sign Up: a player's birthdate.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.validation.birthdateRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value: '2009-03-02' } });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    const posted = api.callsTo('/api/auth/oidc/sign-up').find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      fullName: 'Maria Costa',
      username: 'maria_c',
      userType: 'player',
      birthdate: '2009-03-02',
      adultConfirmed: false,
    });
    // Remember me was off for this sign-in: a session-only flag.
    expect(sessionStore.getItem(SESSION_FLAG)).toBe('1');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
  });

  it('reads the pending sign-up without waiting for the start-up revocation, which keeps it', async () => {
    // The start-up finds no session to keep and revokes whatever cookie is left (slowly). The
    // visitor is signed out from the first render, so the page does not wait for that answer,
    // and the answer, when it comes, empties no cache under the form.
    const { api } = renderApp('/auth/finish', {
      api: {
        '/api/auth/sign-out': [{ status: 204, delayMs: 3_000 }],
        '/api/auth/oidc/sign-up': [{ status: 200, body: pending }],
      },
    });
    let revoked = false;
    const revocation = api.calls.findIndex((call) => call.path === '/api/auth/sign-out');
    void (api.fetch.mock.results[revocation]?.value as Promise<Response>).then(
      () => (revoked = true),
    );

    expect(await screen.findByLabelText('Username')).toHaveValue('maria_costa');
    expect(revoked).toBe(false);

    await waitFor(() => expect(revoked).toBe(true), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Username')).toHaveValue('maria_costa');
    expect(api.callsTo('/api/auth/oidc/sign-up')).toHaveLength(1);
  });

  it('shows sign-up’s messages for invalid fields and sends nothing', async () => {
    const { user, api } = renderApp('/auth/finish', {
      api: { '/api/auth/oidc/sign-up': [{ status: 200, body: { ...pending, username: '' } }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(api.callsTo('/api/auth/oidc/sign-up').filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says “Username already taken” when it is', async () => {
    const { user } = renderApp('/auth/finish', {
      api: {
        '/api/auth/oidc/sign-up': [
          { status: 200, body: pending },
          apiError(409, 'conflict', 'Username already taken'),
        ],
      },
    });
    await user.click(await screen.findByLabelText('I am a'));
    await user.click(await screen.findByRole('option', { name: 'Coach' }));
    await user.click(screen.getByLabelText('I confirm that I am 18 or over'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username already taken')).toBeInTheDocument();
  });

  it('explains an expired sign-up and leads back to sign in', async () => {
    renderApp('/auth/finish', {
      api: {
        '/api/auth/oidc/sign-up': [
          apiError(
            400,
            'bad_request',
            'This sign-up has expired. Please continue with your provider again.',
          ),
        ],
      },
    });
    expect(
      await screen.findByText(
        'This sign-up has expired. Please continue with your provider again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });
});
