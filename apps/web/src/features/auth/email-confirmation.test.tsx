import { MESSAGES } from '@arena/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = MESSAGES.account;
const RESEND = '/api/auth/email-confirmation/resend';
const CONFIRM = '/api/auth/email-confirmation/confirm';

describe('Sign up when the email must be confirmed', () => {
  it('shows “Check your email” instead of signing in, and can send the link again', async () => {
    const { user, api, router, manager } = renderApp('/auth?tab=signup', {
      api: {
        '/api/auth/sign-up': [
          { status: 202, body: { confirmationRequired: true, email: 'jordan@arena.test' } },
        ],
        [RESEND]: [{ status: 202, body: { message: m.confirmationResent } }],
      },
    });
    await user.type(await screen.findByLabelText('Full Name'), 'Jordan Miles');
    await user.type(screen.getByLabelText('Username'), 'jordan_23');
    await user.type(screen.getByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByLabelText('I am a'));
    await user.click(await screen.findByRole('option', { name: 'Player' }));
    // A player gives a birthdate (a date input: typed in one change).
    fireEvent.change(await screen.findByLabelText('Birthdate'), {
      target: { value: '2001-04-12' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('jordan@arena.test')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
    expect(manager.getState().status).toBe('signed-out');
    expect(screen.queryByText(MESSAGES.auth.signedUp)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText(m.confirmationResent)).toBeInTheDocument();
    expect(api.callsTo(RESEND)[0]?.body).toEqual({ email: 'jordan@arena.test' });

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('explains a refused sign-in and offers to resend the link to that address', async () => {
    const { user, api } = renderApp('/auth', {
      api: {
        '/api/auth/sign-in': [apiError(403, 'forbidden', m.emailNotConfirmed)],
        [RESEND]: [apiError(429, 'rate_limited', m.tooManyConfirmationRequests)],
      },
    });
    await user.type(await screen.findByLabelText('Email'), 'jordan@arena.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(m.emailNotConfirmed);
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(m.tooManyConfirmationRequests)).toBeInTheDocument();
    expect(api.callsTo(RESEND)[0]?.body).toEqual({ email: 'jordan@arena.test' });
  });
});

describe('The confirmation link’s page', () => {
  it('uses the link once, signs in and lands on the site root (the feed)', async () => {
    const { api, router, manager } = renderApp('/auth/confirm?token=the-token', {
      api: { [CONFIRM]: [{ status: 200, body: makeSession('fresh') }] },
    });
    expect(await screen.findByText(m.emailConfirmed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(api.callsTo(CONFIRM)).toEqual([
      expect.objectContaining({ body: { token: 'the-token' } }),
    ]);
    expect(manager.getState().status).toBe('signed-in');
  });

  it('says why a link cannot be used, with the way back to Login', async () => {
    const { router } = renderApp('/auth/confirm?token=used', {
      api: { [CONFIRM]: [apiError(400, 'bad_request', m.confirmLinkUsed)] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.confirmLinkUsed);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth');
    expect(router.state.location.pathname).toBe('/auth/confirm');
  });

  it('without a token, asks nothing of the server', async () => {
    const { api } = renderApp('/auth/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.confirmLinkInvalid);
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });
});
