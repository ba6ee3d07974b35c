import type { Factor } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { ActiveSession } from '@arena/shared/sessions.schema';
import type { SettingsPage } from '@arena/shared/settings-page.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const PAGE = '/api/me/settings';
const PARTS = [
  '/api/auth/sessions',
  '/api/auth/factors',
  '/api/me/identities',
  '/api/auth/oidc/providers',
  '/api/me/blocked?limit=20',
  '/api/me/muted?limit=20',
];

const thisDevice: ActiveSession = {
  id: '0b7c6a52-7a0e-4d7e-9a55-0c3f3b0c2a11',
  device: 'Chrome on macOS',
  mobile: false,
  ip: '203.0.113.7',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: new Date().toISOString(),
  remembered: true,
  current: true,
};
const phone: ActiveSession = {
  ...thisDevice,
  id: '5d1f3e2a-9b8c-4a7d-8e6f-1a2b3c4d5e6f',
  device: 'Safari on iPhone',
  mobile: true,
  ip: '198.51.100.23',
  current: false,
};
const factor: Factor = {
  id: '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a01',
  friendlyName: 'Work phone app',
  factorType: 'totp',
  status: 'verified',
  phoneHint: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
};
const page: SettingsPage = {
  messagePolicy: { policy: 'following', minor: true },
  sessions: [thisDevice, phone],
  factors: { factors: [factor], recoveryCodesRemaining: 8 },
  identities: {
    identities: [
      {
        id: '6f9c1f1e-2a4b-4c8d-9e0f-1a2b3c4d5e6f',
        provider: 'acme',
        providerLabel: 'Acme ID',
        email: 'jordan@acme.test',
        createdAt: '2026-03-14T10:00:00.000Z',
      },
    ],
    hasPassword: true,
  },
  providers: [
    { name: 'acme', label: 'Acme ID' },
    { name: 'globex', label: 'Globex' },
  ],
  blocked: {
    items: [
      {
        id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
        username: 'pushy_agent',
        fullName: 'Pushy Agent',
        avatarUrl: null,
        verified: false,
        userType: 'agent',
        since: '2026-11-20T10:00:00.000Z',
      },
    ],
    nextCursor: null,
  },
  muted: { items: [], nextCursor: null },
  guardian: { eligible: false, guardian: null },
  publicProfile: {
    enabled: false,
    sections: [],
    allowIndexing: false,
    url: 'http://localhost/p/jordan',
    eligible: true,
  },
};

function openSettings(api: Record<string, FakeReply[]>) {
  return renderApp('/settings', { signedInAs: {}, api });
}

const region = async (name: string) => within(await screen.findByRole('region', { name }));

it('fills every section from one request, asking for none of their lists alone', async () => {
  const { api } = openSettings({ [PAGE]: [{ status: 200, body: page }] });
  // The first test loads the lazy settings page: give it time on a loaded machine.
  const sessions = within(
    await screen.findByRole('list', { name: 'Signed-in sessions' }, { timeout: 10_000 }),
  );
  expect(sessions.getAllByRole('listitem')).toHaveLength(2);
  expect(sessions.getByText('Safari on iPhone')).toBeInTheDocument();
  const twoFactor = await region('Two-factor authentication');
  expect(await twoFactor.findByText('Work phone app')).toBeInTheDocument();
  expect(twoFactor.getByText('Two-factor authentication is on.')).toBeInTheDocument();
  const methods = await region('Sign-in methods');
  expect(await methods.findByText('Acme ID')).toBeInTheDocument();
  expect(methods.getByRole('button', { name: /Link Globex/ })).toBeInTheDocument();
  const restricted = await region('Blocked and muted');
  expect(await restricted.findByText('Pushy Agent')).toBeInTheDocument();
  expect(restricted.getByText('You have not muted anyone.')).toBeInTheDocument();

  expect(api.callsTo(PAGE)).toHaveLength(1);
  for (const part of PARTS) expect(api.callsTo(part), part).toHaveLength(0);
});

it('refreshes only the list a change touches, through its own endpoint', async () => {
  const END = `/api/auth/sessions/${phone.id}`;
  const { api, user } = openSettings({
    [PAGE]: [{ status: 200, body: page }],
    [END]: [{ status: 204 }],
    '/api/auth/sessions': [{ status: 200, body: { sessions: [thisDevice] } }],
  });
  const sessions = within(await screen.findByRole('list', { name: 'Signed-in sessions' }));
  await user.click(sessions.getByRole('button', { name: 'End session: Safari on iPhone' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End session' }),
  );
  expect(await screen.findByText(MESSAGES.sessions.ended)).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo('/api/auth/sessions')).toHaveLength(1));
  expect(sessions.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  expect(api.callsTo(PAGE)).toHaveLength(1);
  for (const part of PARTS.slice(1)) expect(api.callsTo(part), part).toHaveLength(0);
});

it('falls back to each list alone when the one request fails (a server without it)', async () => {
  const { api } = openSettings({
    [PAGE]: [apiError(404, 'not_found', 'Route GET:/api/me/settings not found')],
    '/api/auth/sessions': [{ status: 200, body: { sessions: page.sessions } }],
    '/api/auth/factors': [{ status: 200, body: page.factors }],
    '/api/me/identities': [{ status: 200, body: page.identities }],
    '/api/auth/oidc/providers': [{ status: 200, body: { providers: page.providers } }],
    '/api/me/blocked?limit=20': [{ status: 200, body: page.blocked }],
    '/api/me/muted?limit=20': [{ status: 200, body: page.muted }],
  });
  const sessions = within(await screen.findByRole('list', { name: 'Signed-in sessions' }));
  expect(sessions.getAllByRole('listitem')).toHaveLength(2);
  expect(
    await (await region('Two-factor authentication')).findByText('Work phone app'),
  ).toBeVisible();
  expect(await (await region('Sign-in methods')).findByText('Acme ID')).toBeVisible();
  expect(await (await region('Blocked and muted')).findByText('Pushy Agent')).toBeVisible();
  for (const part of PARTS) expect(api.callsTo(part), part).toHaveLength(1);
});

it('shows who can message me from the one request; under 18, Everyone is disabled and saying Nobody saves it', async () => {
  const { api, user } = openSettings({
    [PAGE]: [{ status: 200, body: page }],
    '/api/me/message-policy': [{ status: 200, body: { policy: 'nobody', minor: true } }],
  });
  const section = await region(MESSAGES.messaging.policyTitle);
  const everyone = await section.findByRole('radio', { name: 'Everyone' });
  expect(everyone).toBeDisabled();
  expect(section.getByText(MESSAGES.messaging.policyMinorHint)).toBeVisible();
  expect(section.getByRole('radio', { name: 'People I follow' })).toBeChecked();
  await user.click(section.getByRole('radio', { name: /Nobody/ }));
  expect(await screen.findByText(MESSAGES.messaging.policySaved)).toBeInTheDocument();
  expect(section.getByRole('radio', { name: /Nobody/ })).toBeChecked();
  const [put] = api.callsTo('/api/me/message-policy');
  expect(put?.body).toEqual({ policy: 'nobody' });
  expect(api.callsTo(PAGE)).toHaveLength(1);
});
