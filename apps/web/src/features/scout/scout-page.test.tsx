import type { ScoutCard, ScoutPage as Page } from '@arena/shared/scout.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { ScoutPage } from './scout-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const card: ScoutCard = {
  id: '7c0d3c59-3f5e-4d0a-9a57-1f1b2f0e6a11',
  username: 'rita_winger',
  fullName: 'Rita Winger',
  avatarUrl: null,
  sport: 'football',
  mainPosition: 'Left winger',
  otherPositions: null,
  age: 17,
  heightCm: 168,
  weightKg: null,
  nationalities: 'Portuguese',
  country: 'Portugal',
  city: 'Porto',
  sex: 'Female',
  availabilityStatus: 'Available',
  lastClub: null,
  openTo: null,
  cvFillRate: 60,
};
const page = (items: ScoutCard[]): Page => ({ items, nextCursor: null });
const SEARCH = '/api/scout/athletes';

async function setup() {
  return renderWithProviders(<ScoutPage />, {
    profile: { userType: 'club', verified: true },
    api: {
      [`${SEARCH}?`]: [
        {
          status: 200,
          body: page([
            {
              ...card,
              id: '0e3c1f4b-2a1d-4c5e-8f6a-7b8c9d0e1f2a',
              username: 'kofi',
              fullName: 'Kofi Mensah',
              country: 'Ghana',
              city: null,
            },
          ]),
        },
      ],
      [`${SEARCH}?country=Portugal&city=Porto`]: [{ status: 200, body: page([card]) }],
      [`${SEARCH}?city=Lyon`]: [{ status: 200, body: page([]) }],
    },
  });
}

const filters = () => within(screen.getByRole('search', { name: 'Scout filters' }));
const athletes = () => within(screen.getByRole('region', { name: 'Athletes' }));

it('filters by country and city from the panel, keeps them in the URL, and shows where athletes live', async () => {
  const { user, api, router } = await setup();
  // A card with the country only (no city given, or a minor's kept from this reader).
  const kofi = await athletes().findByRole('article', { name: 'Kofi Mensah' });
  expect(within(kofi).getByText('Based in Ghana')).toBeInTheDocument();

  await user.type(filters().getByLabelText('Country'), 'Portugal');
  await user.type(filters().getByLabelText('City'), 'Porto');
  await user.click(filters().getByRole('button', { name: 'Search' }));

  const rita = await athletes().findByRole('article', { name: 'Rita Winger' });
  expect(within(rita).getByText('Based in Porto, Portugal')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?country=Portugal&city=Porto');
  expect(api.callsTo(`${SEARCH}?country=Portugal&city=Porto`)).toHaveLength(1);
  expect(athletes().queryByRole('article', { name: 'Kofi Mensah' })).not.toBeInTheDocument();
});

it('takes a city alone, and says what to try when nothing matches', async () => {
  const { user, router } = await setup();
  await athletes().findByRole('article', { name: 'Kofi Mensah' });
  const city = filters().getByLabelText('City');
  expect(city).toHaveAttribute('maxLength', '80');
  await user.type(city, 'Lyon');
  await user.keyboard('{Enter}');

  expect(await athletes().findByText('No athlete matches these filters yet.')).toBeInTheDocument();
  expect(athletes().getByText('Try fewer filters or wider ranges.')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?city=Lyon');
  // Opened from the URL, the panel shows the filter it holds.
  expect(filters().getByLabelText('City')).toHaveValue('Lyon');
  expect(filters().getByLabelText('Country')).toHaveValue('');

  await user.click(filters().getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(filters().getByLabelText('City')).toHaveValue('');
});
