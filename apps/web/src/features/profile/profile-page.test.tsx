import type { ProfileCard, ProfileDetail } from '@arena/shared/profile.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { emptyCv } from '../../test/cv-data.ts';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const casey: ProfileDetail = {
  id: '0b5a1f7e-3c2d-4e6f-8a9b-1c2d3e4f5a6b',
  username: 'casey',
  fullName: 'Casey Jones',
  avatarUrl: null,
  verified: true,
  userType: 'coach',
  bio: 'Point guard coach.',
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 10,
  followingCount: 1,
  isOwn: false,
  isFollowing: false,
  profileViews: null,
};

const card = (index: number): ProfileCard => ({
  id: `7c1d2e3f-4a5b-4c6d-8e7f-${String(index).padStart(12, '0')}`,
  username: `fan_${index}`,
  fullName: `Fan ${index}`,
  avatarUrl: null,
  verified: false,
  userType: 'player',
  bio: null,
  isFollowing: index === 1,
});

function openProfile(path: string, api: Record<string, FakeReply[]>) {
  return renderApp(path, {
    signedInAs: {},
    api: { '/api/profiles/casey/views': [{ status: 200, body: { counted: true } }], ...api },
  });
}

it("shows someone else's profile with Follow and Message, and records one view", async () => {
  const { api } = openProfile('/profile/casey', {
    '/api/profiles/casey': [{ status: 200, body: { ...casey, cv: emptyCv() } }],
  });
  expect(await screen.findByRole('heading', { level: 1, name: /Casey Jones/ })).toBeVisible();
  expect(screen.getByText('@casey')).toBeInTheDocument();
  expect(screen.getByText('Coach')).toBeInTheDocument();
  expect(screen.getByText('Point guard coach.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
    'href',
    '/messages?user=casey',
  );
  expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
  expect(screen.queryByText(/profile views?/)).not.toBeInTheDocument();
  await waitFor(() => expect(api.callsTo('/api/profiles/casey/views')).toHaveLength(1));
  expect(api.callsTo('/api/profiles/casey/views')[0]?.method).toBe('POST');
});

it('shows the owner Edit Profile and their profile views, and records no view', async () => {
  const own = { ...casey, username: 'jordan_23', isOwn: true, profileViews: 7 };
  const { api } = openProfile('/profile/jordan_23', {
    '/api/profiles/jordan_23': [{ status: 200, body: { ...own, cv: emptyCv() } }],
  });
  expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/profile/edit',
  );
  expect(screen.getByTestId('profile-views')).toHaveTextContent('7');
  expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
  expect(api.calls.some((call) => call.path.endsWith('/views'))).toBe(false);
});

it("says 'Profile not found' and goes to /feed for an unknown username", async () => {
  const { router } = openProfile('/profile/ghost', {
    '/api/profiles/ghost': [apiError(404, 'not_found', 'Profile not found')],
  });
  expect(await screen.findByText('Profile not found')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
});

it("says 'Failed to load profile' on other errors", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  openProfile('/profile/casey', {
    '/api/profiles/casey': [apiError(403, 'forbidden', 'Nope')],
  });
  expect(
    await screen.findByRole('heading', { name: 'Failed to load profile' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

it('lists followers in a dialog, with Follow buttons and Load more', async () => {
  const { user, api } = openProfile('/profile/casey', {
    '/api/profiles/casey': [{ status: 200, body: { ...casey, cv: emptyCv() } }],
    '/api/profiles/casey/followers?limit=20': [
      { status: 200, body: { items: [card(1), card(2)], nextCursor: 'next-1' } },
    ],
    '/api/profiles/casey/followers?limit=20&cursor=next-1': [
      { status: 200, body: { items: [card(3)], nextCursor: null } },
    ],
  });
  await user.click(await screen.findByRole('button', { name: '10 followers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Followers' });
  const inDialog = within(dialog);
  expect(await inDialog.findByRole('link', { name: /Fan 1/ })).toHaveAttribute(
    'href',
    '/profile/fan_1',
  );
  expect(inDialog.getByRole('button', { name: 'Following Fan 1' })).toBeInTheDocument();
  expect(inDialog.getByRole('button', { name: 'Follow Fan 2' })).toBeInTheDocument();

  await user.click(inDialog.getByRole('button', { name: 'Load more' }));
  expect(await inDialog.findByRole('link', { name: /Fan 3/ })).toBeInTheDocument();
  expect(inDialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(api.callsTo('/api/profiles/casey/followers?limit=20&cursor=next-1')).toHaveLength(1);

  await user.click(inDialog.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
