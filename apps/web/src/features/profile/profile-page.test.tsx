import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { ProfileCard, ProfileDetail } from '@arena/shared/profile.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { emptyOrganization } from '../../test/organization-data.ts';

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
  blocking: false,
  muting: false,
  profileViews: null,
  highlightsCount: 0,
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
    '/api/profiles/casey': [
      {
        status: 200,
        body: { ...casey, cv: null, organization: emptyOrganization({ userType: 'coach' }) },
      },
    ],
  });
  // The first test loads the lazy profile page: give it time on a loaded machine.
  expect(
    await screen.findByRole('heading', { level: 1, name: /Casey Jones/ }, { timeout: 10_000 }),
  ).toBeVisible();
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
    '/api/profiles/jordan_23': [
      {
        status: 200,
        body: { ...own, cv: null, organization: emptyOrganization({ userType: 'coach' }) },
      },
    ],
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
    '/api/profiles/casey': [
      {
        status: 200,
        body: { ...casey, cv: null, organization: emptyOrganization({ userType: 'coach' }) },
      },
    ],
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

it("shows a club's organisation profile instead of the athlete CV, with links to its offers", async () => {
  const club = { ...casey, username: 'riverside', fullName: 'Riverside FC', userType: 'club' };
  openProfile('/profile/riverside', {
    '/api/profiles/riverside': [
      {
        status: 200,
        body: {
          ...club,
          cv: null,
          organization: emptyOrganization({
            about: 'A football academy by the river.',
            sports: ['football', 'basketball', 'padel', 'water-polo'],
            city: 'Porto',
            country: 'Portugal',
            league: 'Liga 3',
            website: 'https://riverside.example',
            foundedYear: 1921,
            offers: [
              {
                id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
                title: 'U19 Striker',
                sport: 'football',
                location: 'Porto',
                createdAt: '2026-11-01T10:00:00.000Z',
              },
            ],
          }),
        },
      },
    ],
    '/api/profiles/riverside/views': [{ status: 200, body: { counted: true } }],
  });
  const about = within(await screen.findByRole('region', { name: 'About the organisation' }));
  expect(about.getByText('A football academy by the river.')).toBeInTheDocument();
  expect(about.getByText('Football, Basketball, Padel, Water Polo')).toBeInTheDocument();
  expect(about.getByText('Porto, Portugal')).toBeInTheDocument();
  expect(about.getByText('Liga 3')).toBeInTheDocument();
  expect(about.getByText('1921')).toBeInTheDocument();
  expect(about.getByRole('link', { name: 'https://riverside.example' })).toHaveAttribute(
    'target',
    '_blank',
  );
  // Someone else's profile: no Edit, and no licence line.
  expect(about.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  expect(about.queryByText(/Licence/)).not.toBeInTheDocument();
  const offers = within(screen.getByRole('region', { name: 'Open offers' }));
  expect(offers.getByRole('link', { name: 'U19 Striker' })).toHaveAttribute(
    'href',
    '/offers/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  );
  // The athlete CV is for players only.
  expect(screen.queryByRole('region', { name: 'About the player' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Availability' })).not.toBeInTheDocument();
  expect(screen.queryByText('Add your birthdate, sex and nationalities.')).not.toBeInTheDocument();
});

it('lets an agent edit their organisation, checking the website and showing their licence', async () => {
  const own = { ...casey, username: 'jordan_23', userType: 'agent', isOwn: true, profileViews: 0 };
  const saved = emptyOrganization({
    userType: 'agent',
    city: 'Madrid',
    website: 'https://agency.example',
    licenceNumber: 'FIFA-4471',
    fillRate: 30,
  });
  const { user, api } = openProfile('/profile/jordan_23', {
    '/api/profiles/jordan_23': [
      {
        status: 200,
        body: {
          ...own,
          cv: null,
          organization: emptyOrganization({ userType: 'agent', licenceNumber: null, fillRate: 10 }),
        },
      },
    ],
    '/api/me/organization': [{ status: 200, body: saved }],
  });
  const about = within(await screen.findByRole('region', { name: 'About the organisation' }));
  expect(about.getByText(/Tell players about your agent/)).toBeInTheDocument();
  await user.click(about.getByRole('button', { name: 'Edit About the organisation' }));
  // An agent has a licence number, not a founded year.
  expect(about.queryByLabelText('Founded year')).not.toBeInTheDocument();
  // Every sport of the list can be ticked.
  const sports = within(about.getByRole('group', { name: 'Sports' }));
  expect(sports.getAllByRole('checkbox')).toHaveLength(SPORTS.length);
  for (const sport of SPORTS)
    expect(sports.getByLabelText(SPORT_LABELS[sport])).toBeInTheDocument();
  await user.click(sports.getByLabelText('Padel'));
  await user.type(about.getByLabelText('City'), 'Madrid');
  await user.type(about.getByLabelText('Website'), 'agency.example');
  await user.type(about.getByLabelText('Licence or certification number'), 'FIFA-4471');
  await user.click(about.getByRole('button', { name: 'Save' }));
  expect(await about.findByText('Enter a valid website address (https://…)')).toBeInTheDocument();
  expect(api.callsTo('/api/me/organization')).toHaveLength(0);

  await user.clear(about.getByLabelText('Website'));
  await user.type(about.getByLabelText('Website'), 'https://agency.example');
  await user.click(about.getByRole('button', { name: 'Save' }));
  expect(await about.findByText('FIFA-4471')).toBeInTheDocument();
  expect(about.getByText('Only you and admins see this.')).toBeInTheDocument();
  expect(api.callsTo('/api/me/organization')[0]?.body).toMatchObject({
    city: 'Madrid',
    website: 'https://agency.example',
    licenceNumber: 'FIFA-4471',
    sports: ['padel'],
  });
});
