import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeScholarship } from '../../test/scholarship-data.ts';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const scholarship = makeScholarship();
const page = (items = [scholarship], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor },
});

it('shows each card’s facts and links it to its page; players do not post', async () => {
  renderApp('/scholarships', {
    signedInAs: { profile: { userType: 'player' } },
    api: { '/api/scholarships': [page()] },
  });
  const card = within(await screen.findByRole('article', { name: scholarship.title }));
  expect(card.getByText('Lakeside University')).toBeInTheDocument();
  expect(card.getByText('Football')).toBeInTheDocument();
  expect(card.getByText('United States')).toBeInTheDocument();
  expect(card.getByText('NCAA Division I')).toBeInTheDocument();
  expect(card.getByText('Full scholarship')).toBeInTheDocument();
  expect(card.getByText('$48,000 a year')).toBeInTheDocument();
  expect(card.getByText('2 available')).toBeInTheDocument();
  expect(card.getByText('Closes Mar 1, 2099')).toBeInTheDocument();
  expect(card.getByRole('link', { name: scholarship.title })).toHaveAttribute(
    'href',
    `/scholarships/${scholarship.id}`,
  );
  expect(screen.queryByRole('link', { name: 'Post a scholarship' })).not.toBeInTheDocument();
});

it('puts the filters in the URL, asks for them, and removes one by its chip', async () => {
  const { api, user, router } = renderApp('/scholarships', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: {
      '/api/scholarships': [page()],
      '/api/scholarships?sport=tennis&country=Spain&level=academy&coverage=tuition': [page([])],
      '/api/scholarships?sport=tennis&level=academy&coverage=tuition': [page()],
    },
  });
  await screen.findByRole('article', { name: scholarship.title });
  expect(screen.getByRole('link', { name: 'Post a scholarship' })).toHaveAttribute(
    'href',
    '/scholarships/new',
  );
  await user.selectOptions(screen.getByLabelText('Sport'), 'tennis');
  await user.type(screen.getByLabelText('Country'), 'Spain');
  await user.selectOptions(screen.getByLabelText('Level'), 'academy');
  await user.selectOptions(screen.getByLabelText('Coverage'), 'tuition');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));

  expect(await screen.findByText('No open scholarships match these filters')).toBeInTheDocument();
  expect(router.state.location.search).toBe(
    '?sport=tennis&country=Spain&level=academy&coverage=tuition',
  );
  await user.click(screen.getByRole('button', { name: 'Remove filter Spain' }));
  expect(await screen.findByRole('article', { name: scholarship.title })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?sport=tennis&level=academy&coverage=tuition');
  expect(screen.getByLabelText('Sport')).toHaveValue('tennis');

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await screen.findByRole('article', { name: scholarship.title });
  expect(router.state.location.search).toBe('');
  // The unfiltered list is still in the cache: no second request.
  expect(api.callsTo('/api/scholarships')).toHaveLength(1);
});

it('shows a poster the scholarships they posted, closed ones included', async () => {
  const closed = makeScholarship({ closedReason: 'closed', canManage: true });
  const { user, router } = renderApp('/scholarships', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: {
      '/api/scholarships': [page()],
      '/api/scholarships?mine=true': [page([closed])],
    },
  });
  await screen.findByRole('article', { name: scholarship.title });
  await user.click(screen.getByRole('tab', { name: 'Posted by me' }));
  const list = within(await screen.findByRole('list', { name: 'Scholarships posted by me' }));
  expect(list.getByText('Closed')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?mine=true');
  await user.click(screen.getByRole('tab', { name: 'Open' }));
  expect(await screen.findByRole('list', { name: 'Scholarships' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
});

it('pages with Load more', async () => {
  const later = makeScholarship({ id: crypto.randomUUID(), title: 'Tennis Academy Place' });
  const { user } = renderApp('/scholarships?level=academy', {
    signedInAs: {},
    api: {
      '/api/scholarships?level=academy': [page([scholarship], 'next')],
      '/api/scholarships?level=academy&cursor=next': [page([later])],
    },
  });
  await screen.findByRole('article', { name: scholarship.title });
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('article', { name: 'Tennis Academy Place' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it('shows a skeleton first, and the error with a retry', async () => {
  const { user } = renderApp('/scholarships', {
    signedInAs: {},
    api: {
      '/api/scholarships': [apiError(400, 'bad_request', 'Invalid request (cursor)'), page()],
    },
  });
  expect(await screen.findByText('Loading scholarships...')).toBeInTheDocument();
  expect(await screen.findByText("Couldn't load scholarships")).toBeInTheDocument();
  expect(screen.getByText('Invalid request (cursor)')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: scholarship.title })).toBeInTheDocument();
});
