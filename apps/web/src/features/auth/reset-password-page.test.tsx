import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { REMEMBER_FLAG } from '../../lib/session/session-flags.ts';
import { apiError, makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = MESSAGES.account;
const COMPLETE = '/api/auth/password-reset/complete';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  again = password,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('Reset password', () => {
  it('without a token, says the link is not valid and offers a new one', async () => {
    const { api } = renderApp('/auth/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(api.callsTo(COMPLETE)).toHaveLength(0);
  });

  it('applies the sign-up password rules and checks the two passwords match', async () => {
    const { user, api } = renderApp('/auth/reset-password?token=abc');
    await fill(user, 'short');
    expect(await screen.findByText(MESSAGES.validation.passwordMin)).toBeVisible();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, 'long-enough-1', 'long-enough-2');
    expect(await screen.findByText(m.passwordsDoNotMatch)).toBeVisible();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(COMPLETE)).toHaveLength(0);
  });

  it('sets the password with the token, signs in and goes to the feed', async () => {
    const { user, api, router, local } = renderApp('/auth/reset-password?token=the-token', {
      api: { [COMPLETE]: [{ status: 200, body: makeSession('fresh') }] },
    });
    await fill(user, 'long-enough-1');
    expect(await screen.findByText(m.passwordReset)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(api.callsTo(COMPLETE)[0]?.body).toEqual({
      token: 'the-token',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      remember: true,
    });
    expect(local.has(REMEMBER_FLAG)).toBe(true);
  });

  it('says so when the link has expired or was used, and offers a new one', async () => {
    const { user } = renderApp('/auth/reset-password?token=old', {
      api: { [COMPLETE]: [apiError(400, 'bad_request', m.resetLinkExpired)] },
    });
    await fill(user, 'long-enough-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.resetLinkExpired);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows a field the server refused on that field', async () => {
    const { user } = renderApp('/auth/reset-password?token=abc', {
      api: {
        [COMPLETE]: [
          {
            status: 400,
            body: {
              error: {
                code: 'validation_failed',
                message: m.passwordsDoNotMatch,
                fields: { confirmPassword: m.passwordsDoNotMatch },
              },
            },
          },
        ],
      },
    });
    await fill(user, 'long-enough-1');
    await waitFor(() => expect(screen.getByLabelText('Confirm new password')).toHaveFocus());
    expect(screen.getByText(m.passwordsDoNotMatch)).toBeVisible();
  });
});
