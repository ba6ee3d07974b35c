import type { ProfileCard } from '@arena/shared/profile.schema';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (index: number): ProfileCard => ({
  id: `7c1d2e3f-4a5b-4c6d-8e7f-${String(index).padStart(12, '0')}`,
  username: `player_${index}`,
  fullName: `Player ${index}`,
  avatarUrl: null,
  verified: false,
  userType: 'player',
  bio: `Bio ${index}`,
  isFollowing: false,
});

const page = (items: ProfileCard[], nextCursor: string | null = null): FakeReply[] => [
  { status: 200, body: { items, nextCursor } },
];

async function openDiscover(api: Record<string, FakeReply[]>) {
  const app = renderApp('/discover', { signedInAs: {}, api });
  await screen.findByRole('heading', { level: 1, name: 'Discover' });
  return app;
}

it('lists people with Follow buttons and loads the next page on demand', async () => {
  const { user } = await openDiscover({
    '/api/people/discover?limit=20': page([card(1), card(2)], 'cursor-2'),
    '/api/people/discover?limit=20&cursor=cursor-2': page([card(3)]),
  });
  const list = within(await screen.findByRole('list', { name: 'People' }));
  expect(list.getAllByRole('listitem')).toHaveLength(2);
  expect(list.getByRole('button', { name: 'Follow Player 1' })).toBeInTheDocument();
  expect(list.getByRole('link', { name: /Player 2/ })).toHaveAttribute('href', '/profile/player_2');

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await list.findByRole('link', { name: /Player 3/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it("says 'No users to discover yet' when there is nobody else", async () => {
  await openDiscover({ '/api/people/discover?limit=20': page([]) });
  expect(await screen.findByText('No users to discover yet')).toBeInTheDocument();
});

it("searches by name or username, and says 'No users found' when nothing matches", async () => {
  const { user, api } = await openDiscover({
    '/api/people/discover?limit=20': page([card(1)]),
    '/api/people/discover?limit=20&q=zed': page([]),
  });
  await screen.findByRole('link', { name: /Player 1/ });
  await user.type(screen.getByRole('searchbox', { name: /Search people/ }), 'zed');
  expect(await screen.findByText('No users found')).toBeInTheDocument();
  // Debounced: one request for the whole word, not one per letter.
  expect(api.calls.filter((call) => call.path.includes('q='))).toHaveLength(1);
});
