import { MESSAGES } from '@arena/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A player from before sign-up asked for the birthdate, then the same after answering. */
function sessions(missing: boolean) {
  const session = makeSession(missing ? 'token-1' : 'token-2');
  session.profile = { ...session.profile, userType: 'player', birthdateMissing: missing };
  return session;
}

it('asks a player without a birthdate before anything else, then opens the app', async () => {
  const { api, user } = renderApp('/settings', {
    signedInAs: { profile: { userType: 'player', birthdateMissing: true } },
    api: {
      '/api/auth/refresh': [
        { status: 200, body: sessions(true) },
        { status: 200, body: sessions(false) },
      ],
      '/api/me/birthdate': [
        { status: 200, body: { birthdate: '2010-04-12', age: 16, minor: true } },
      ],
    },
  });
  expect(
    await screen.findByRole('heading', { name: 'When is your birthday?' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value: '2010-04-12' } });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(MESSAGES.minors.birthdateSaved)).toBeInTheDocument();
  expect(api.callsTo('/api/me/birthdate')[0]?.body).toEqual({ birthdate: '2010-04-12' });
  await waitFor(() =>
    expect(
      screen.queryByRole('heading', { name: 'When is your birthday?' }),
    ).not.toBeInTheDocument(),
  );
});

it('tells someone under 13 the account cannot continue', async () => {
  const { user } = renderApp('/feed', {
    signedInAs: { profile: { userType: 'player', birthdateMissing: true } },
    api: {
      '/api/me/birthdate': [apiError(403, 'forbidden', MESSAGES.minors.underMinimumAgeAccount)],
    },
  });
  await screen.findByRole('heading', { name: 'When is your birthday?' }, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value: '2017-01-01' } });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(MESSAGES.minors.underMinimumAgeAccount)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
});

it('lets an athlete under 18 add a guardian in Settings, and hides the section from adults', async () => {
  const settings = (eligible: boolean) => ({
    sessions: [],
    factors: { factors: [], recoveryCodesRemaining: 0 },
    identities: { identities: [], hasPassword: true },
    providers: [],
    blocked: { items: [], nextCursor: null },
    muted: { items: [], nextCursor: null },
    guardian: { eligible, guardian: null },
    messagePolicy: { policy: eligible ? 'following' : 'everyone', minor: eligible },
    publicProfile: {
      enabled: false,
      sections: [],
      allowIndexing: false,
      url: 'http://localhost/p/someone',
      eligible: !eligible,
    },
  });
  const { api, user } = renderApp('/settings', {
    signedInAs: { profile: { userType: 'player' } },
    api: {
      '/api/me/settings': [{ status: 200, body: settings(true) }],
      'PUT /api/me/guardian': [
        {
          status: 200,
          body: { eligible: true, guardian: { email: 'mum@family.test', confirmed: false } },
        },
      ],
    },
  });
  const region = within(
    await screen.findByRole('region', { name: 'Guardian' }, { timeout: 10_000 }),
  );
  expect(region.getByText('No guardian added yet.')).toBeInTheDocument();
  await user.click(region.getByRole('button', { name: 'Add guardian' }));
  expect(await region.findByText(MESSAGES.validation.invalidEmail)).toBeInTheDocument();
  expect(api.callsTo('/api/me/guardian')).toHaveLength(0);
  await user.type(region.getByLabelText("Guardian's email"), 'mum@family.test');
  await user.click(region.getByRole('button', { name: 'Add guardian' }));
  expect(await screen.findByText(MESSAGES.minors.guardianAdded)).toBeInTheDocument();
  expect(api.callsTo('/api/me/guardian')[0]?.body).toEqual({ email: 'mum@family.test' });
  expect(await region.findByRole('status')).toHaveTextContent('waiting for them to confirm');
  expect(region.getByRole('button', { name: 'Remove guardian' })).toBeInTheDocument();
  // The page's one request brought it: no request of its own.
  expect(api.callsTo('/api/me/settings')).toHaveLength(1);
});

it('shows adults no Guardian section', async () => {
  renderApp('/settings', {
    signedInAs: {},
    api: {
      '/api/me/settings': [
        {
          status: 200,
          body: {
            sessions: [],
            factors: { factors: [], recoveryCodesRemaining: 0 },
            identities: { identities: [], hasPassword: true },
            providers: [],
            blocked: { items: [], nextCursor: null },
            muted: { items: [], nextCursor: null },
            messagePolicy: { policy: 'everyone', minor: false },
            guardian: { eligible: false, guardian: null },
          },
        },
      ],
    },
  });
  await screen.findByRole('region', { name: 'Blocked and muted' }, { timeout: 10_000 });
  expect(screen.queryByRole('region', { name: 'Guardian' })).not.toBeInTheDocument();
});
