import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { REMEMBER_FLAG, SESSION_FLAG } from '../../lib/session/session-flags.ts';
import { apiError, makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole forms typed into, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function chooseRole(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByLabelText('I am a'));
  await user.click(await screen.findByRole('option', { name: label }));
}

async function openAuth(path = '/auth', api = {}) {
  const app = renderApp(path, { api });
  await screen.findByRole('tab', { name: 'Login' });
  return app;
}

describe('Login', () => {
  it('has labelled fields and Remember me ticked by default', async () => {
    await openAuth();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('shows the first invalid field’s message as a toast, in the order of the form', async () => {
    const { user, api } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('/api/auth/sign-in')).toHaveLength(0);
  });

  it('says “Invalid email or password” when the credentials are refused', async () => {
    const { user } = await openAuth('/auth', {
      '/api/auth/sign-in': [apiError(401, 'unauthorized', 'Invalid login credentials')],
    });
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('shows any other error in the server’s words', async () => {
    const message = 'Too many requests. Please slow down and try again in a moment.';
    const { user } = await openAuth('/auth', {
      '/api/auth/sign-in': [apiError(429, 'rate_limited', message)],
    });
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('signs in, says “Welcome back!”, goes to /feed and keeps the flag for the choice made', async () => {
    const { user, router, local, sessionStore, api } = await openAuth('/auth', {
      '/api/auth/sign-in': [{ status: 200, body: makeSession('fresh') }],
    });
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home Feed' })).toBeVisible();
    expect(api.callsTo('/api/auth/sign-in')[0]?.body).toMatchObject({ remember: false });
    expect(sessionStore.getItem(SESSION_FLAG)).toBe('1');
    expect(local.has(REMEMBER_FLAG)).toBe(false);
  });

  it('reads “Logging in...” while the request is under way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, api } = await openAuth();
    api.fetch.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer(new Response(JSON.stringify(apiError(401, 'unauthorized', 'x')), { status: 401 }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });
});

describe('Sign Up', () => {
  it('opens from ?tab=signup with every field labelled', async () => {
    await openAuth('/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    for (const label of ['Full Name', 'Username', 'Email', 'Password', 'I am a']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('I am a')).toHaveTextContent('Select your role');
  });

  it('starts with no role chosen and asks for one', async () => {
    const { user, api } = await openAuth('/auth?tab=signup');
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Miles');
    await user.type(screen.getByLabelText('Username'), 'jordan_23');
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please select your role')).toBeInTheDocument();
    expect(api.callsTo('/api/auth/sign-up')).toHaveLength(0);
  });

  it('toasts the first invalid field in form order', async () => {
    const { user } = await openAuth('/auth?tab=signup');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Jordan Miles');
    await user.type(screen.getByLabelText('Username'), 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument();
  });

  it('shows a taken email in the product’s words', async () => {
    const { user } = await openAuth('/auth?tab=signup', {
      '/api/auth/sign-up': [apiError(409, 'conflict', 'This email is already registered')],
    });
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Miles');
    await user.type(screen.getByLabelText('Username'), 'jordan_23');
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await chooseRole(user, 'Player');
    setBirthdate('2001-04-12');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
  });

  it('creates the account, says so and goes to /feed', async () => {
    const { user, router, api } = await openAuth('/auth?tab=signup', {
      '/api/auth/sign-up': [{ status: 201, body: makeSession('fresh') }],
    });
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Miles');
    await user.type(screen.getByLabelText('Username'), 'jordan_23');
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await chooseRole(user, 'Player');
    setBirthdate('2001-04-12');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(api.callsTo('/api/auth/sign-up')[0]?.body).toEqual({
      fullName: 'Jordan Miles',
      username: 'jordan_23',
      email: 'jordan@arena.test',
      password: 'long-enough',
      userType: 'player',
      birthdate: '2001-04-12',
      adultConfirmed: false,
      remember: true,
    });
  });

  describe('age', () => {
    async function fillAccount(user: ReturnType<typeof renderApp>['user']) {
      await user.type(screen.getByLabelText('Full Name'), 'Jordan Miles');
      await user.type(screen.getByLabelText('Username'), 'jordan_23');
      await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
      await user.type(screen.getByLabelText('Password'), 'long-enough');
    }

    it('asks a player for their birthdate, and an organisation for nothing of the kind', async () => {
      const { user, api } = await openAuth('/auth?tab=signup');
      expect(screen.queryByLabelText('Birthdate')).not.toBeInTheDocument();
      await fillAccount(user);
      await chooseRole(user, 'Player');
      expect(screen.getByLabelText('Birthdate')).toHaveAccessibleDescription(
        'You must be 13 or over. Only you see the date; others see your age.',
      );
      expect(screen.queryByLabelText('I confirm that I am 18 or over')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByText(MESSAGES.validation.birthdateRequired)).toBeInTheDocument();
      expect(api.callsTo('/api/auth/sign-up')).toHaveLength(0);
    });

    it('refuses someone under 13 with the minimum age, and sends nothing', async () => {
      const { user, api } = await openAuth('/auth?tab=signup');
      await fillAccount(user);
      await chooseRole(user, 'Player');
      const twelve = new Date();
      twelve.setUTCFullYear(twelve.getUTCFullYear() - 12);
      setBirthdate(twelve.toISOString().slice(0, 10));
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByText(MESSAGES.minors.underMinimumAge)).toBeInTheDocument();
      expect(api.callsTo('/api/auth/sign-up')).toHaveLength(0);
    });

    it('asks a club to confirm 18 or over before signing up', async () => {
      const { user, api } = await openAuth('/auth?tab=signup', {
        '/api/auth/sign-up': [{ status: 201, body: makeSession('fresh') }],
      });
      await fillAccount(user);
      await chooseRole(user, 'Club');
      expect(screen.queryByLabelText('Birthdate')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByText(MESSAGES.validation.adultConfirmRequired)).toBeInTheDocument();
      expect(api.callsTo('/api/auth/sign-up')).toHaveLength(0);
      await user.click(screen.getByLabelText('I confirm that I am 18 or over'));
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      await waitFor(() => expect(api.callsTo('/api/auth/sign-up')).toHaveLength(1));
      expect(api.callsTo('/api/auth/sign-up')[0]?.body).toMatchObject({
        userType: 'club',
        adultConfirmed: true,
      });
    });
  });
});

function setBirthdate(value: string) {
  fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value } });
}

it('sends a signed-in member from /auth to /feed', async () => {
  const { router } = renderApp('/auth', { signedInAs: {} });
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
});
