import type { Cv } from '@arena/shared/cv.schema';
import type { Visibility } from '@arena/shared/profile.schema';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { emptyOrganization } from '../../../test/organization-data.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { CvFillCard } from './cv-fill-card.tsx';
import { FeedSidebar } from './feed-sidebar.tsx';
import { growthLabel } from './visibility-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const cvWith = (fillRate: number): Cv => ({
  athlete: {
    sport: null,
    mainPosition: null,
    otherPositions: null,
    heightCm: null,
    weightKg: null,
    armSpan: null,
    birthdate: null,
    age: null,
    sex: null,
    nationalities: null,
    country: null,
    city: null,
    aboutPlayer: null,
    availabilityStatus: null,
  },
  career: [],
  awards: [],
  openToOffers: null,
  fillRate,
});

async function renderCard(fillRate: number) {
  await renderWithProviders(<CvFillCard />, {
    api: { '/api/profiles/jordan_23/cv': [{ status: 200, body: cvWith(fillRate) }] },
  });
  const card = within(screen.getByRole('region', { name: 'CV fill rate' }));
  expect(await card.findByText(`${fillRate}%`)).toBeInTheDocument();
  expect(card.getByRole('progressbar', { name: 'CV fill rate' })).toHaveAttribute(
    'aria-valuenow',
    String(fillRate),
  );
  return card;
}

describe('the CV fill-rate card', () => {
  it("measures an organisation's fields for a club, without the athlete CV", async () => {
    const { api } = await renderWithProviders(<CvFillCard />, {
      profile: { userType: 'club' },
      api: {
        '/api/profiles/jordan_23/organization': [
          { status: 200, body: emptyOrganization({ city: 'Porto', fillRate: 40 }) },
        ],
      },
    });
    const card = within(screen.getByRole('region', { name: 'Profile fill rate' }));
    expect(await card.findByText('40%')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Profile fill rate' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(card.getByText(/Complete your organisation profile/)).toBeInTheDocument();
    expect(card.queryByText(/CV/)).not.toBeInTheDocument();
    expect(api.callsTo('/api/profiles/jordan_23/cv')).toHaveLength(0);
  });

  it('prompts completion under 50%', async () => {
    const card = await renderCard(49);
    expect(card.getByText(/Complete your profile so/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/profile/jordan_23',
    );
  });

  it.each([50, 79])("says 'almost there' at %i%", async (rate) => {
    const card = await renderCard(rate);
    expect(card.getByText(/almost there/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it("says 'great' from 80% and offers View my profile", async () => {
    const card = await renderCard(80);
    expect(card.getByText(/Great!/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View my profile' })).toHaveAttribute(
      'href',
      '/profile/jordan_23',
    );
  });
});

describe('growthLabel', () => {
  const visibility = (growthPercent: number | null, last7Days: number): Visibility => ({
    totalViews: 10,
    last7Days,
    previous7Days: 4,
    growthPercent,
  });

  it.each([
    [25, 5, '+25% this week'],
    [-10, 3, '-10% this week'],
    [0, 4, '0% this week'],
    [null, 2, 'New'],
    [null, 0, null],
  ])('growth %s with %i views this week reads %s', (growth, last7Days, label) => {
    expect(growthLabel(visibility(growth, last7Days))).toBe(label);
  });
});

it('shows views, growth and up to 5 suggestions, each with a Follow button', async () => {
  const people = ['ana', 'ben', 'cleo'].map((name, index) => ({
    id: `0b5a1f7e-3c2d-4e6f-8a9b-1c2d3e4f5a6${index}`,
    username: name,
    fullName: `${name.toUpperCase()} Player`,
    avatarUrl: null,
    verified: index === 0,
    userType: 'player',
    bio: null,
    isFollowing: false,
  }));
  const { api } = await renderWithProviders(<FeedSidebar />, {
    api: {
      '/api/me/home': [
        {
          status: 200,
          body: {
            cv: cvWith(30),
            organization: null,
            visibility: { totalViews: 42, last7Days: 5, previous7Days: 4, growthPercent: 25 },
            suggestions: people,
          },
        },
      ],
    },
  });
  const visibility = within(screen.getByRole('region', { name: 'Profile visibility' }));
  expect(await visibility.findByText('42')).toBeInTheDocument();
  expect(visibility.getByText('+25% this week')).toBeInTheDocument();

  const suggestions = within(screen.getByRole('region', { name: 'Suggested connections' }));
  expect(await suggestions.findAllByRole('listitem')).toHaveLength(3);
  expect(suggestions.getByRole('link', { name: /ANA Player \(verified\)/ })).toHaveAttribute(
    'href',
    '/profile/ana',
  );
  expect(suggestions.getByRole('button', { name: 'Follow BEN Player' })).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'CV fill rate' })).getByText('30%'),
  ).toBeInTheDocument();
  // One request brought all three cards.
  const asked = api.calls.map((call) => call.path);
  for (const own of ['/api/profiles/jordan_23/cv', '/api/me/visibility', '/api/people/suggestions'])
    expect(asked).not.toContain(own);
  expect(asked.filter((path) => path === '/api/me/home')).toHaveLength(1);
});

it('says so when there is nobody to suggest; each card asks alone if the combined request fails', async () => {
  await renderWithProviders(<FeedSidebar />, {
    api: {
      '/api/me/home': [
        { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
      ],
      '/api/profiles/jordan_23/cv': [{ status: 200, body: cvWith(30) }],
      '/api/me/visibility': [
        {
          status: 200,
          body: { totalViews: 0, last7Days: 0, previous7Days: 0, growthPercent: null },
        },
      ],
      '/api/people/suggestions': [{ status: 200, body: [] }],
    },
  });
  expect(await screen.findByText(/No suggestions right now/)).toBeInTheDocument();
  expect(await screen.findByText('No views this week yet')).toBeInTheDocument();
});
