import { FEED_FILTER_SPORTS, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeAuthor, makePost, page, postItem, repostItem } from '../../test/posts-harness.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (body: unknown): FakeReply => ({ status: 200, body });

function openFeed(api: Record<string, FakeReply[]>) {
  return renderApp('/feed', { signedInAs: {}, api });
}

it('lists posts and reposts with who reposted and when it was posted', async () => {
  const bob = makeAuthor({ username: 'bob', fullName: 'Bob Keeper' });
  const post = makePost({ content: 'Derby day\nWhat a crowd' });
  openFeed({ '/api/feed': [ok(page([repostItem(post, bob), postItem(makePost())]))] });

  const feed = await screen.findByRole('feed', { name: 'Feed' });
  const [first] = within(feed).getAllByRole('article');
  if (!first) throw new Error('no post');
  expect(within(first).getByText('reposted')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Bob Keeper' })).toHaveAttribute(
    'href',
    '/profile/bob',
  );
  expect(within(first).getByText('about 2 hours ago')).toBeInTheDocument();
  expect(within(first).getByText(/Derby day/).textContent).toBe('Derby day\nWhat a crowd');
  expect(screen.getByRole('heading', { level: 1, name: 'Home Feed' })).toBeInTheDocument();
});

it('says so when there is nothing yet', async () => {
  openFeed({ '/api/feed': [ok(page([]))] });
  expect(await screen.findByText('No posts yet')).toBeInTheDocument();
});

it('offers a retry when the feed cannot be loaded', async () => {
  const { user } = openFeed({
    '/api/feed': [apiError(400, 'bad_request', 'Nope'), ok(page([postItem(makePost())]))],
  });
  expect(await screen.findByText("Couldn't load posts")).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('feed', { name: 'Feed' })).toBeInTheDocument();
});

it('filters by sport through pressed chips', async () => {
  const { user, api } = openFeed({
    '/api/feed': [ok(page([postItem(makePost())]))],
    '/api/feed?sport=basketball': [ok(page([]))],
  });
  const filter = await screen.findByRole('group', { name: 'Filter by sport' });
  const chips = within(filter).getAllByRole('button');
  expect(chips.map((chip) => chip.textContent)).toEqual([
    'All Sports',
    'Football',
    'Basketball',
    'Tennis',
    'American Football',
    'Rugby',
    'Padel',
    'More',
  ]);
  expect(within(filter).getByRole('button', { name: 'All Sports' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await user.click(within(filter).getByRole('button', { name: 'Basketball' }));
  expect(await screen.findByText('No Basketball posts yet')).toBeInTheDocument();
  expect(api.callsTo('/api/feed?sport=basketball')).toHaveLength(1);
  expect(within(filter).getByRole('button', { name: 'Basketball' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

it('offers the rest of the sports under a More menu, by keyboard', async () => {
  const { user, api } = openFeed({
    '/api/feed': [ok(page([postItem(makePost())]))],
    '/api/feed?sport=golf': [ok(page([]))],
  });
  const filter = await screen.findByRole('group', { name: 'Filter by sport' });
  const more = within(filter).getByRole('button', { name: 'More sports' });
  expect(more).toHaveAttribute('aria-haspopup', 'menu');
  // Tab along the chips to the menu's button; Enter opens it.
  within(filter).getByRole('button', { name: 'Padel' }).focus();
  await user.tab();
  await waitFor(() =>
    expect(within(filter).getByRole('button', { name: 'More sports' })).toHaveFocus(),
  );
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu', { name: 'More sports' });
  const items = within(menu).getAllByRole('menuitemradio');
  const rest = SPORTS.filter((sport) => !FEED_FILTER_SPORTS.some((shown) => shown === sport));
  expect(items.map((item) => item.textContent)).toEqual(rest.map((sport) => SPORT_LABELS[sport]));
  expect(rest.at(-1)).toBe('other');
  // Escape closes it and gives the focus back.
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(within(filter).getByRole('button', { name: 'More sports' })).toHaveFocus();
  // Space opens it again; the arrows move to Golf; Enter chooses it.
  await user.keyboard(' ');
  const reopened = await screen.findByRole('menu', { name: 'More sports' });
  await waitFor(() => expect(within(reopened).getAllByRole('menuitemradio')[0]).toHaveFocus());
  for (let i = 0; i < rest.indexOf('golf'); i++) await user.keyboard('{ArrowDown}');
  expect(within(reopened).getByRole('menuitemradio', { name: 'Golf' })).toHaveFocus();
  await user.keyboard('{Enter}');

  expect(await screen.findByText('No Golf posts yet')).toBeInTheDocument();
  expect(api.callsTo('/api/feed?sport=golf')).toHaveLength(1);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  // The menu's button shows the sport chosen; no chip is pressed.
  const chosen = within(filter).getByRole('button', { name: 'More sports: Golf' });
  expect(chosen).toHaveTextContent('Golf');
  expect(within(filter).queryAllByRole('button', { pressed: true })).toEqual([]);
  await user.click(chosen);
  expect(
    within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Golf' }),
  ).toHaveAttribute('aria-checked', 'true');
});

it('shows a sport of the More menu chosen in the address as the menu button', async () => {
  renderApp('/feed?sport=water-polo', {
    signedInAs: {},
    api: { '/api/feed?sport=water-polo': [ok(page([]))] },
  });
  expect(await screen.findByText('No Water Polo posts yet')).toBeInTheDocument();
  const filter = screen.getByRole('group', { name: 'Filter by sport' });
  expect(within(filter).getByRole('button', { name: 'More sports: Water Polo' })).toBeVisible();
  expect(within(filter).getByRole('button', { name: 'All Sports' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

it('loads the next page by cursor with Load more', async () => {
  const { user } = openFeed({
    '/api/feed': [ok(page([postItem(makePost({ content: 'Newest' }))], 'cursor-1'))],
    '/api/feed?cursor=cursor-1': [ok(page([postItem(makePost({ content: 'Oldest' }))]))],
  });
  await screen.findByText('Newest');
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Oldest')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText("You're all caught up")).toBeInTheDocument());
});
