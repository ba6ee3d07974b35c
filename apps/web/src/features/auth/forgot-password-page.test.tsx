import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = MESSAGES.account;

describe('Forgot password', () => {
  it('is linked from the Login tab', async () => {
    const { user, router } = renderApp('/auth');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password?' }),
    ).toBeVisible();
  });

  it('checks the email before asking the server', async () => {
    const { user, api } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.validation.invalidEmail)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('/api/auth/password-reset/request')).toHaveLength(0);
  });

  it('shows the server’s answer, which never says whether the account exists', async () => {
    const { user, api } = renderApp('/auth/forgot-password', {
      api: {
        '/api/auth/password-reset/request': [{ status: 202, body: { message: m.resetRequested } }],
      },
    });
    await user.type(await screen.findByLabelText('Email'), 'jordan@arena.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(m.resetRequested);
    expect(status).toHaveFocus();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(api.callsTo('/api/auth/password-reset/request')[0]?.body).toEqual({
      email: 'jordan@arena.test',
    });
  });

  it('says when too many links were asked for, and keeps the form', async () => {
    const { user } = renderApp('/auth/forgot-password', {
      api: {
        '/api/auth/password-reset/request': [apiError(429, 'rate_limited', m.tooManyResetRequests)],
      },
    });
    await user.type(await screen.findByLabelText('Email'), 'jordan@arena.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(m.tooManyResetRequests)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('jordan@arena.test');
  });
});
