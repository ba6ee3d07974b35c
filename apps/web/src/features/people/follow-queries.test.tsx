import type { ProfileCard, ProfileDetail } from '@arena/shared/profile.schema';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { useFollowMutation } from './follow-queries.ts';
import { peopleKeys } from './people-queries.ts';
import { profileKeys, useProfileQuery } from '../profile/profile-queries.ts';
import { emptyCv } from '../../test/cv-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const casey: ProfileDetail = {
  id: '0b5a1f7e-3c2d-4e6f-8a9b-1c2d3e4f5a6b',
  username: 'casey',
  fullName: 'Casey Jones',
  avatarUrl: null,
  verified: false,
  userType: 'player',
  bio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 10,
  followingCount: 3,
  isOwn: false,
  isFollowing: false,
  blocking: false,
  muting: false,
  profileViews: null,
  highlightsCount: 0,
};

const caseyCard: ProfileCard = {
  id: casey.id,
  username: 'casey',
  fullName: 'Casey Jones',
  avatarUrl: null,
  verified: false,
  userType: 'player',
  bio: null,
  isFollowing: false,
};

function Probe() {
  const profile = useProfileQuery('casey');
  const follow = useFollowMutation();
  if (!profile.data) return null;
  const { isFollowing, followersCount } = profile.data;
  return (
    <>
      <p>{followersCount} followers</p>
      <button
        type="button"
        onClick={() => follow.mutate({ username: 'casey', follow: !isFollowing })}
      >
        {isFollowing ? 'Following' : 'Follow'}
      </button>
    </>
  );
}

/** Holds the follow request until the test lets it through. */
function holdFollowRequest(reply: () => Response) {
  const original = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (input === '/api/profiles/casey/follow') {
      await gate;
      return reply();
    }
    return original(input, init);
  });
  return () => release();
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function setup() {
  const app = await renderWithProviders(<Probe />, {
    api: {
      '/api/profiles/casey': [
        { status: 200, body: { ...casey, cv: emptyCv(), organization: null } },
      ],
    },
  });
  app.queryClient.setQueryData(peopleKeys.suggestions(), [caseyCard]);
  await screen.findByText('10 followers');
  return app;
}

it('shows the follow at once, then keeps the count the server confirms', async () => {
  const { user, queryClient } = await setup();
  const release = holdFollowRequest(() => json(200, { following: true, followersCount: 12 }));

  await user.click(screen.getByRole('button', { name: 'Follow' }));
  // Before the server has answered: flipped everywhere it is cached.
  expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
  expect(screen.getByText('11 followers')).toBeInTheDocument();
  expect(queryClient.getQueryData<ProfileCard[]>(peopleKeys.suggestions())?.[0]?.isFollowing).toBe(
    true,
  );

  release();
  await screen.findByText('12 followers');
  expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
});

it('rolls every cache back and shows the server message when the follow is refused', async () => {
  const { user, queryClient } = await setup();
  const release = holdFollowRequest(() =>
    json(400, { error: { code: 'bad_request', message: 'You cannot follow yourself' } }),
  );

  await user.click(screen.getByRole('button', { name: 'Follow' }));
  expect(screen.getByText('11 followers')).toBeInTheDocument();

  release();
  expect(await screen.findByText('You cannot follow yourself')).toBeInTheDocument();
  expect(screen.getByText('10 followers')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(queryClient.getQueryData<ProfileDetail>(profileKeys.detail('casey'))?.isFollowing).toBe(
    false,
  );
  expect(queryClient.getQueryData<ProfileCard[]>(peopleKeys.suggestions())?.[0]?.isFollowing).toBe(
    false,
  );
});

it("says 'Failed to update follow' when the server could not be reached", async () => {
  const { user } = await setup();
  const release = holdFollowRequest(() => {
    throw new TypeError('Failed to fetch');
  });

  await user.click(screen.getByRole('button', { name: 'Follow' }));
  release();
  expect(await screen.findByText('Failed to update follow')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('10 followers')).toBeInTheDocument());
});
