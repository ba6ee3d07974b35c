import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = {
  id: '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d',
  username: 'jordan_new',
  fullName: 'Jordan M. Miles',
  avatarUrl: null,
  verified: false,
  userType: 'player',
  bio: 'Shooting guard',
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 0,
  followingCount: 0,
  isOwn: true,
  isFollowing: false,
  blocking: false,
  muting: false,
  profileViews: 0,
  highlightsCount: 0,
};

async function openEdit(api: Record<string, FakeReply[]> = {}) {
  const app = renderApp('/profile/edit', { signedInAs: { profile: { bio: 'Guard' } }, api });
  await screen.findByRole('heading', { level: 1, name: 'Edit Profile' });
  return app;
}

it('starts from the current profile and counts the bio up to a hard 500', async () => {
  const { user } = await openEdit();
  expect(screen.getByLabelText('Full Name')).toHaveValue('Jordan Miles');
  expect(screen.getByLabelText('Username')).toHaveValue('jordan_23');
  const bio = screen.getByLabelText('Bio');
  expect(bio).toHaveValue('Guard');
  expect(bio).toHaveAttribute('maxLength', '500');
  expect(screen.getByText('5/500')).toBeInTheDocument();
  await user.type(bio, '!!');
  expect(screen.getByText('7/500')).toBeInTheDocument();
});

it('shows the spec messages for invalid fields', async () => {
  const { user, api } = await openEdit();
  await user.clear(screen.getByLabelText('Full Name'));
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'no spaces');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Full name is required')).toBeInTheDocument();
  expect(
    screen.getByText('Username can only contain letters, numbers, and underscores'),
  ).toBeInTheDocument();
  expect(api.callsTo('/api/me/profile')).toHaveLength(0);
});

it("says 'Username already taken' on a duplicate", async () => {
  const { user } = await openEdit({
    '/api/me/profile': [apiError(409, 'conflict', 'Username already taken')],
  });
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'taken_name');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findAllByText('Username already taken')).toHaveLength(2); // toast and field
  expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
});

it('saves, says so, opens the profile and updates the navigation at once', async () => {
  const { user, api, router } = await openEdit({
    '/api/me/profile': [{ status: 200, body: saved }],
    '/api/profiles/jordan_new': [{ status: 200, body: saved }],
  });
  await user.clear(screen.getByLabelText('Full Name'));
  await user.type(screen.getByLabelText('Full Name'), 'Jordan M. Miles');
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'jordan_new');
  await user.clear(screen.getByLabelText('Bio'));
  await user.type(screen.getByLabelText('Bio'), 'Shooting guard');
  // What the server says of the session from now on.
  const { accessToken: _, expiresAt: __, ...sessionUser } = makeSession('token-1');
  api.set('/api/auth/session', [
    { status: 200, body: { ...sessionUser, profile: { ...sessionUser.profile, ...saved } } },
  ]);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/profile/jordan_new'));
  expect(api.callsTo('/api/me/profile')[0]?.body).toEqual({
    fullName: 'Jordan M. Miles',
    username: 'jordan_new',
    bio: 'Shooting guard',
  });
  expect(
    await screen.findByRole('button', { name: 'Account menu for Jordan M. Miles' }),
  ).toBeInTheDocument();
});

it('refuses a file that is not an image before uploading anything', async () => {
  const { api } = await openEdit();
  // The picker's accept="image/*" is a hint a user can override ('All files').
  fireEvent.change(screen.getByLabelText('Profile photo'), {
    target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
  });
  expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
  expect(api.calls.some((call) => call.path === '/api/me/avatar')).toBe(false);
});
