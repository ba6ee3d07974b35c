import { MESSAGES } from '@arena/shared/messages';
import type { RestrictedProfile } from '@arena/shared/safety.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const member = (index: number): RestrictedProfile => ({
  id: `7c1d2e3f-4a5b-4c6d-8e7f-${String(index).padStart(12, '0')}`,
  username: `member_${index}`,
  fullName: `Member ${index}`,
  avatarUrl: null,
  verified: false,
  userType: 'player',
  since: '2026-11-01T10:00:00.000Z',
});

const BLOCKED = '/api/me/blocked?limit=20';
const MUTED = '/api/me/muted?limit=20';
const page = (items: RestrictedProfile[], nextCursor: string | null = null): FakeReply => ({
  status: 200,
  body: { items, nextCursor },
});

// The rest of /settings asks for its own lists too; unanswered, they show their own errors.
function openSettings(api: Record<string, FakeReply[]>) {
  return renderApp('/settings', { signedInAs: {}, api });
}

async function section() {
  // The first test loads the lazy settings page: give it time on a loaded machine.
  return within(
    await screen.findByRole('region', { name: 'Blocked and muted' }, { timeout: 15_000 }),
  );
}

it('lists blocked and muted members with links to their profiles, behind the #blocked anchor', async () => {
  openSettings({ [BLOCKED]: [page([member(1)])], [MUTED]: [page([member(2)])] });
  const region = await section();
  expect(screen.getByRole('region', { name: 'Blocked and muted' })).toHaveAttribute(
    'id',
    'blocked',
  );
  const blocked = within(await region.findByRole('list', { name: 'Blocked' }));
  expect(blocked.getByRole('link', { name: /Member 1/ })).toHaveAttribute(
    'href',
    '/profile/member_1',
  );
  expect(blocked.getByRole('link', { name: /@member_1/ })).toBeInTheDocument();
  expect(blocked.getByRole('button', { name: 'Unblock @member_1' })).toBeInTheDocument();
  const muted = within(await region.findByRole('list', { name: 'Muted' }));
  expect(muted.getByRole('link', { name: /Member 2/ })).toHaveAttribute(
    'href',
    '/profile/member_2',
  );
  expect(muted.getByRole('button', { name: 'Unmute @member_2' })).toBeInTheDocument();
});

it('shows a skeleton while loading, then the empty states', async () => {
  openSettings({
    [BLOCKED]: [{ ...page([]), delayMs: 300 }],
    [MUTED]: [{ ...page([]), delayMs: 300 }],
  });
  const region = await section();
  expect(region.getByRole('status', { name: 'Loading blocked members...' })).toBeInTheDocument();
  expect(region.getByRole('status', { name: 'Loading muted members...' })).toBeInTheDocument();
  expect(await region.findByText(MESSAGES.safety.noneBlocked)).toBeInTheDocument();
  expect(await region.findByText(MESSAGES.safety.noneMuted)).toBeInTheDocument();
});

it('unblocks at once: the row leaves the list and focus stays in it', async () => {
  const { user, api } = openSettings({
    [BLOCKED]: [page([member(1), member(3)])],
    [MUTED]: [page([])],
    'DELETE /api/profiles/member_1/block': [{ status: 200, body: { blocking: false } }],
  });
  const region = await section();
  const blocked = within(await region.findByRole('list', { name: 'Blocked' }));
  await user.click(blocked.getByRole('button', { name: 'Unblock @member_1' }));
  expect(await screen.findByText(MESSAGES.safety.unblocked)).toBeInTheDocument();
  await waitFor(() =>
    expect(blocked.queryByRole('link', { name: /Member 1/ })).not.toBeInTheDocument(),
  );
  expect(blocked.getByRole('link', { name: /Member 3/ })).toBeInTheDocument();
  await waitFor(() => expect(region.getByRole('heading', { name: 'Blocked' })).toHaveFocus());
  expect(api.callsTo(BLOCKED)).toHaveLength(1);
});

it('unmutes the last one: the empty state shows', async () => {
  const { user } = openSettings({
    [BLOCKED]: [page([])],
    [MUTED]: [page([member(2)])],
    'DELETE /api/profiles/member_2/mute': [{ status: 200, body: { muting: false } }],
  });
  const region = await section();
  const muted = within(await region.findByRole('list', { name: 'Muted' }));
  await user.click(muted.getByRole('button', { name: 'Unmute @member_2' }));
  expect(await screen.findByText(MESSAGES.safety.unmuted)).toBeInTheDocument();
  expect(await region.findByText(MESSAGES.safety.noneMuted)).toBeInTheDocument();
});

it('keeps the row and says so when unblocking fails', async () => {
  const { user } = openSettings({
    [BLOCKED]: [page([member(1)])],
    [MUTED]: [page([])],
    'DELETE /api/profiles/member_1/block': [apiError(500, 'internal', 'Boom')],
  });
  const region = await section();
  const blocked = within(await region.findByRole('list', { name: 'Blocked' }));
  await user.click(blocked.getByRole('button', { name: 'Unblock @member_1' }));
  expect(await screen.findByText(MESSAGES.safety.updateFailed)).toBeInTheDocument();
  expect(blocked.getByRole('button', { name: 'Unblock @member_1' })).toBeEnabled();
});

it('pages with Show more', async () => {
  const { user, api } = openSettings({
    [BLOCKED]: [page([member(1)], 'next-1')],
    '/api/me/blocked?limit=20&cursor=next-1': [page([member(3)])],
    [MUTED]: [page([])],
  });
  const region = await section();
  const blocked = within(await region.findByRole('list', { name: 'Blocked' }));
  await user.click(region.getByRole('button', { name: 'Show more' }));
  expect(await blocked.findByRole('link', { name: /Member 3/ })).toBeInTheDocument();
  expect(region.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  expect(api.callsTo('/api/me/blocked?limit=20&cursor=next-1')).toHaveLength(1);
});

it('says the lists failed to load, and retries', async () => {
  const { user } = openSettings({
    // A refusal, not a server error: the query does not retry it on its own.
    [BLOCKED]: [apiError(403, 'forbidden', 'Nope'), page([member(1)])],
    [MUTED]: [page([])],
  });
  const region = await section();
  const alert = await region.findByRole('alert');
  expect(alert).toHaveTextContent(MESSAGES.safety.loadFailed);
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await region.findByRole('list', { name: 'Blocked' })).toBeInTheDocument();
});

it('scrolls to the section when opened at /settings#blocked', async () => {
  const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
  renderApp('/settings#blocked', {
    signedInAs: {},
    api: { [BLOCKED]: [page([])], [MUTED]: [page([])] },
  });
  await section();
  await waitFor(() =>
    expect(
      scrolled.mock.contexts.some((element) => (element as HTMLElement).id === 'blocked'),
    ).toBe(true),
  );
  scrolled.mockRestore();
});
