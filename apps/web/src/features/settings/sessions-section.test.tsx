import { MESSAGES } from '@arena/shared/messages';
import type { ActiveSession } from '@arena/shared/sessions.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisDevice: ActiveSession = {
  id: '0b7c6a52-7a0e-4d7e-9a55-0c3f3b0c2a11',
  device: 'Chrome on macOS',
  mobile: false,
  ip: '203.0.113.7',
  createdAt: minutesAgo(60 * 24 * 3),
  lastUsedAt: minutesAgo(1),
  remembered: true,
  current: true,
};
const phone: ActiveSession = {
  id: '5d1f3e2a-9b8c-4a7d-8e6f-1a2b3c4d5e6f',
  device: 'Safari on iPhone',
  mobile: true,
  ip: '198.51.100.23',
  createdAt: minutesAgo(60 * 24),
  lastUsedAt: minutesAgo(120),
  remembered: false,
  current: false,
};
const laptop: ActiveSession = {
  ...phone,
  id: '7e2a4c6b-1d3f-4b5a-9c8e-2f4a6b8c0d1e',
  device: 'Firefox on Windows',
  mobile: false,
  ip: '192.0.2.44',
};

const LIST = '/api/auth/sessions';
const listOf = (...sessions: ActiveSession[]): FakeReply => ({ status: 200, body: { sessions } });

// The page's one request (/api/me/settings) is not answered here: each section then asks for its
// own list, as after a failure (settings-page.test.tsx covers the one request).
function openSettings(api: Record<string, FakeReply[]>) {
  return renderApp('/settings', { signedInAs: {}, api });
}

async function sessionsList() {
  return within(await screen.findByRole('list', { name: 'Signed-in sessions' }));
}

it('lists the signed-in devices, marks this one, and offers End for the others only', async () => {
  openSettings({ [LIST]: [listOf(thisDevice, phone)] });
  const region = within(await screen.findByRole('region', { name: 'Sessions' }));
  const list = await sessionsList();
  const rows = list.getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Chrome on macOS');
  expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
  expect(rows[0]).toHaveTextContent('203.0.113.7');
  expect(rows[0]).toHaveTextContent('Last active 1 minute ago');
  expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
  expect(rows[1]).toHaveTextContent('Safari on iPhone');
  expect(rows[1]).toHaveTextContent('198.51.100.23');
  expect(rows[1]).toHaveTextContent('Last active about 2 hours ago');
  expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();
  expect(
    within(rows[1]!).getByRole('button', { name: 'End session: Safari on iPhone' }),
  ).toBeInTheDocument();
  expect(region.getByRole('button', { name: 'Sign out all other sessions' })).toBeInTheDocument();
});

it('shows a loading state, then the list', async () => {
  openSettings({ [LIST]: [listOf(thisDevice)] });
  expect(await screen.findByText('Loading your sessions...')).toBeInTheDocument();
  expect(await sessionsList()).toBeTruthy();
});

it('says so when no other device is signed in, with nothing to sign out', async () => {
  openSettings({ [LIST]: [listOf(thisDevice)] });
  await sessionsList();
  expect(screen.getByText(MESSAGES.sessions.noOthers)).toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: 'Sign out all other sessions' }),
  ).not.toBeInTheDocument();
});

it('reports a list that failed to load, and loads it on Retry', async () => {
  const { user } = openSettings({
    [LIST]: [apiError(403, 'forbidden', 'Forbidden'), listOf(thisDevice, phone)],
  });
  // Other sections of the page may report their own failures: read the Sessions one.
  const section = within(await screen.findByRole('region', { name: 'Sessions' }));
  const alert = within(await section.findByRole('alert'));
  expect(alert.getByText(MESSAGES.sessions.loadFailed)).toBeInTheDocument();
  await user.click(alert.getByRole('button', { name: 'Retry' }));
  expect((await sessionsList()).getAllByRole('listitem')).toHaveLength(2);
});

it('ends a session only after confirmation, then drops it from the list', async () => {
  const END = `${LIST}/${phone.id}`;
  const { user, api } = openSettings({
    [LIST]: [listOf(thisDevice, phone, laptop), listOf(thisDevice, laptop)],
    [END]: [{ status: 204 }],
  });
  const list = await sessionsList();
  await user.click(list.getByRole('button', { name: 'End session: Safari on iPhone' }));
  const dialog = within(await screen.findByRole('alertdialog', { name: 'End this session?' }));
  expect(
    dialog.getByText(
      'Safari on iPhone (198.51.100.23) will be signed out. Signing in there again needs the password.',
    ),
  ).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(api.callsTo(END)).toHaveLength(0);

  await user.click(list.getByRole('button', { name: 'End session: Safari on iPhone' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End session' }),
  );
  expect(await screen.findByText(MESSAGES.sessions.ended)).toBeInTheDocument();
  expect(api.callsTo(END).map((call) => call.method)).toEqual(['DELETE']);
  await waitFor(() => expect(list.queryByText('Safari on iPhone')).not.toBeInTheDocument());
  expect(list.getByText('Firefox on Windows')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('list', { name: 'Signed-in sessions' })).toHaveFocus(),
  );
});

it('keeps the session and says why when ending it fails', async () => {
  const END = `${LIST}/${phone.id}`;
  const { user } = openSettings({
    [LIST]: [listOf(thisDevice, phone)],
    [END]: [apiError(404, 'not_found', MESSAGES.sessions.notFound)],
  });
  const list = await sessionsList();
  await user.click(list.getByRole('button', { name: 'End session: Safari on iPhone' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End session' }),
  );
  const toast = (await screen.findByText(MESSAGES.sessions.notFound)).closest(
    '[data-sonner-toast]',
  );
  expect(toast).toHaveTextContent('Error');
});

it('signs out all other sessions after confirmation and keeps this one', async () => {
  const { user, api } = openSettings({
    // GET, then the DELETE, then the GET that reloads the list.
    [LIST]: [
      listOf(thisDevice, phone, laptop),
      { status: 200, body: { ended: 2 } },
      listOf(thisDevice),
    ],
  });
  await sessionsList();
  await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
  const dialog = within(
    await screen.findByRole('alertdialog', { name: 'Sign out all other sessions?' }),
  );
  expect(
    dialog.getByText(
      'All 2 other devices signed in to your account will be signed out. This device stays signed in.',
    ),
  ).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Sign out others' }));
  expect(await screen.findByText(MESSAGES.sessions.othersEnded)).toBeInTheDocument();
  expect(api.callsTo(LIST).map((call) => call.method)).toEqual(['GET', 'DELETE', 'GET']);
  const list = await sessionsList();
  await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
  expect(list.getByText('This device')).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.sessions.noOthers)).toBeInTheDocument();
});
