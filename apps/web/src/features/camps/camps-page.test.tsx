import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { makeCamp } from '../../test/camp-data.ts';
import { emptyCv } from '../../test/cv-data.ts';
import { apiError } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const camp = makeCamp();
const page = (items = [camp], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor },
});
const CV = '/api/profiles/jordan_23/cv';
const cvAged = (age: number) => {
  const cv = emptyCv();
  return { status: 200, body: { ...cv, athlete: { ...cv.athlete, birthdate: '2011-01-01', age } } };
};
const lastListCall = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/camps?')).at(-1)?.path;

it('lists a player’s camps for their age by default, until they remove it', async () => {
  const { api, user, router } = renderApp('/sport-camps', {
    signedInAs: { profile: { userType: 'player' } },
    api: {
      [CV]: [cvAged(16)],
      '/api/camps?tab=upcoming&age=16': [page()],
      '/api/camps?tab=upcoming': [
        page([camp, makeCamp({ id: crypto.randomUUID(), title: 'Elite Week' })]),
      ],
    },
  });
  const card = within(await screen.findByRole('article', { name: camp.title }));
  expect(card.getByText('Football')).toBeInTheDocument();
  expect(card.getByText('12–16 Jul 2027')).toBeInTheDocument();
  expect(card.getByText('Porto, Portugal')).toBeInTheDocument();
  expect(card.getByText('Intermediate')).toBeInTheDocument();
  expect(card.getByText('Ages 12–16')).toBeInTheDocument();
  expect(card.getByText('€49.50')).toBeInTheDocument();
  expect(card.getByText('5 places left')).toBeInTheDocument();
  expect(card.getByRole('link', { name: camp.title })).toHaveAttribute(
    'href',
    `/sport-camps/${camp.id}`,
  );
  // The list waited for the age: no request without it went first.
  expect(api.calls.filter((call) => call.path.startsWith('/api/camps'))).toHaveLength(1);
  expect(screen.getByLabelText('Age')).toHaveValue(16);
  expect(screen.queryByRole('link', { name: 'Post a camp' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove filter Age 16' }));
  expect(await screen.findByRole('article', { name: 'Elite Week' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?age=any');
  expect(lastListCall(api.calls)).toBe('/api/camps?tab=upcoming');
});

it('puts the chosen filters in the URL and asks for them', async () => {
  const { api, user, router } = renderApp('/sport-camps', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: {
      '/api/camps?tab=upcoming': [page()],
      '/api/camps?tab=upcoming&sport=tennis&country=Spain&month=2027-08&price=free&age=14': [
        page([]),
      ],
      '/api/camps?tab=upcoming&sport=tennis&country=Spain&month=2027-08&price=40&age=14': [
        page([]),
      ],
    },
  });
  await screen.findByRole('article', { name: camp.title });
  // A verified club may post, as it may post offers; no CV is read for a club.
  expect(screen.getByRole('link', { name: 'Post a camp' })).toHaveAttribute(
    'href',
    '/sport-camps/new',
  );
  expect(api.callsTo(CV)).toHaveLength(0);

  await user.selectOptions(screen.getByLabelText('Sport'), 'tennis');
  await user.type(screen.getByLabelText('Country'), 'Spain');
  // jsdom has no month picker: the field takes its value as typed.
  await user.type(screen.getByLabelText('Month'), '2027-08');
  await user.type(screen.getByLabelText('Age'), '14');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Price' }), 'free');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('No upcoming camps')).toBeInTheDocument();
  expect(router.state.location.search).toBe(
    '?sport=tennis&country=Spain&month=2027-08&age=14&price=free',
  );
  const chips = within(screen.getByRole('list', { name: 'Filters in use' }));
  expect(chips.getByRole('button', { name: 'Remove filter Aug 2027' })).toBeInTheDocument();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Price' }), 'under');
  await user.type(screen.getByLabelText('Maximum price'), '40');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() =>
    expect(lastListCall(api.calls)).toBe(
      '/api/camps?tab=upcoming&sport=tennis&country=Spain&month=2027-08&price=40&age=14',
    ),
  );
  expect(screen.getByRole('button', { name: 'Remove filter Under 40' })).toBeInTheDocument();
});

it('switches tabs in the URL, with an empty state for each', async () => {
  const { user, router } = renderApp('/sport-camps?age=any', {
    signedInAs: { profile: { userType: 'coach', verified: false } },
    api: {
      '/api/camps?tab=upcoming': [page()],
      '/api/camps?tab=past': [page([makeCamp({ closedReason: 'started', title: 'Spring Camp' })])],
      '/api/camps?tab=mine': [page([])],
    },
  });
  await screen.findByRole('article', { name: camp.title });
  // Not verified: no Post a camp.
  expect(screen.queryByRole('link', { name: 'Post a camp' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Past' }));
  const past = within(await screen.findByRole('article', { name: 'Spring Camp' }));
  expect(past.getByText('Started')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?tab=past&age=any');
  await user.click(screen.getByRole('tab', { name: 'My camps' }));
  expect(await screen.findByText('You have not registered for a camp yet')).toBeInTheDocument();
  expect(screen.queryByRole('search', { name: 'Camp filters' })).not.toBeInTheDocument();
});

it('loads more camps, and offers a retry when the list cannot be loaded', async () => {
  const second = makeCamp({
    id: crypto.randomUUID(),
    title: 'Autumn Camp',
    price: 0,
    currency: null,
    online: true,
  });
  const { api, user } = renderApp('/sport-camps?age=any', {
    signedInAs: { profile: { userType: 'player' } },
    api: {
      '/api/camps?tab=upcoming': [
        apiError(400, 'bad_request', 'Choose a month as YYYY-MM'),
        page([camp], 'next'),
      ],
      '/api/camps?tab=upcoming&cursor=next': [page([second])],
    },
  });
  expect(await screen.findByText("Couldn't load camps")).toBeInTheDocument();
  expect(screen.getByText('Choose a month as YYYY-MM')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('article', { name: camp.title });
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  const card = within(await screen.findByRole('article', { name: 'Autumn Camp' }));
  expect(card.getByText('Free')).toBeInTheDocument();
  expect(card.getByText('Online')).toBeInTheDocument();
  expect(api.callsTo(CV)).toHaveLength(0);
});
