import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { emptyOrganization } from '../../test/organization-data.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const casey: ProfileDetail = {
  id: '0b5a1f7e-3c2d-4e6f-8a9b-1c2d3e4f5a6b',
  username: 'casey',
  fullName: 'Casey Jones',
  avatarUrl: null,
  verified: false,
  userType: 'coach',
  bio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 10,
  followingCount: 3,
  isOwn: false,
  isFollowing: true,
  blocking: false,
  muting: false,
  profileViews: null,
  highlightsCount: 0,
};

const PROFILE = '/api/profiles/casey';
const profileReply = (overrides: Partial<ProfileDetail> = {}): FakeReply => ({
  status: 200,
  body: {
    ...casey,
    ...overrides,
    cv: null,
    organization: emptyOrganization({ userType: 'coach' }),
  },
});

function openCasey(api: Record<string, FakeReply[]>) {
  return renderApp('/profile/casey', {
    signedInAs: {},
    api: { '/api/profiles/casey/views': [{ status: 200, body: { counted: true } }], ...api },
  });
}

const moreActions = () => screen.findByRole('button', { name: 'More actions for @casey' });

it('blocks after the dialog asks: the notice replaces Follow and Message, the profile refreshes', async () => {
  const { user, api } = openCasey({
    [PROFILE]: [
      profileReply(),
      // After blocking: the follows have ended.
      profileReply({ blocking: true, isFollowing: false, followersCount: 9, followingCount: 2 }),
    ],
    'PUT /api/profiles/casey/block': [{ status: 200, body: { blocking: true } }],
  });
  // The first test loads the lazy profile page: give it time on a loaded machine.
  await screen.findByRole('heading', { level: 1, name: /Casey Jones/ }, { timeout: 15_000 });
  await user.click(await moreActions());
  await user.click(await screen.findByRole('menuitem', { name: 'Block @casey' }));

  const dialog = await screen.findByRole('dialog', { name: 'Block @casey?' });
  expect(dialog).toHaveAccessibleDescription(MESSAGES.safety.blockConfirm);
  expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));

  expect(await screen.findByText(MESSAGES.safety.blocked)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('You blocked @casey.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: '9 followers' })).toBeInTheDocument();
  expect(
    api.calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/block')),
  ).toHaveLength(1);
  // Focus goes back to the menu button.
  expect(screen.getByRole('button', { name: 'More actions for @casey' })).toHaveFocus();
});

it('Cancel closes the dialog and blocks nobody', async () => {
  const { user, api } = openCasey({ [PROFILE]: [profileReply()] });
  await user.click(await moreActions());
  await user.click(await screen.findByRole('menuitem', { name: 'Block @casey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block @casey?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.calls.some((call) => call.path.endsWith('/block'))).toBe(false);
  expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
});

it('unblocks from the notice, and Follow and Message come back', async () => {
  const { user, api } = openCasey({
    [PROFILE]: [
      profileReply({ blocking: true, isFollowing: false }),
      profileReply({ isFollowing: false }),
    ],
    'DELETE /api/profiles/casey/block': [{ status: 200, body: { blocking: false } }],
  });
  expect(await screen.findByText('You blocked @casey.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Unblock @casey' }));
  expect(await screen.findByText(MESSAGES.safety.unblocked)).toBeInTheDocument();
  expect(screen.queryByText('You blocked @casey.')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Message' })).toBeInTheDocument();
  expect(api.callsTo('/api/profiles/casey/block')[0]?.method).toBe('DELETE');
});

it('mutes and unmutes from the menu, by keyboard', async () => {
  const { user, api } = openCasey({
    [PROFILE]: [profileReply()],
    'PUT /api/profiles/casey/mute': [{ status: 200, body: { muting: true } }],
    'DELETE /api/profiles/casey/mute': [{ status: 200, body: { muting: false } }],
  });
  (await moreActions()).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('menuitem', { name: 'Mute @casey' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText(MESSAGES.safety.muted)).toBeInTheDocument();
  // Muting leaves Follow and Message alone.
  expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();

  await user.click(await moreActions());
  await user.click(await screen.findByRole('menuitem', { name: 'Unmute @casey' }));
  expect(await screen.findByText(MESSAGES.safety.unmuted)).toBeInTheDocument();
  expect(api.callsTo('/api/profiles/casey/mute').map((call) => call.method)).toEqual([
    'PUT',
    'DELETE',
  ]);
});

it('says the update failed when the server refuses, and keeps the state', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user } = openCasey({
    [PROFILE]: [profileReply()],
    'PUT /api/profiles/casey/mute': [apiError(500, 'internal', 'Boom')],
  });
  await user.click(await moreActions());
  await user.click(await screen.findByRole('menuitem', { name: 'Mute @casey' }));
  expect(await screen.findByText(MESSAGES.safety.updateFailed)).toBeInTheDocument();
  await user.click(await moreActions());
  expect(await screen.findByRole('menuitem', { name: 'Mute @casey' })).toBeInTheDocument();
});
