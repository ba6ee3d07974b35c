import type { ServerFrame } from '@arena/shared/realtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

import { countNewer } from './feed-live.ts';
import { REFRESHED_PAGES_AT_MOST, postKeys } from '../posts/post-queries.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeAuthor, makePost, page, postItem } from '../../test/posts-harness.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ok = (body: unknown): FakeReply => ({ status: 200, body });
const ME = '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d';

async function connect() {
  await waitFor(() =>
    expect(FakeSocket.instances.some((socket) => socket.sent.length === 0)).toBe(true),
  );
  const socket = FakeSocket.latest();
  act(() => socket.open());
  act(() => socket.receive({ type: 'ready', profileId: ME, unreadMessages: 0 }));
  await waitFor(() => expect(socket.sentOf('subscribe').map((m) => m.topic)).toContain('feed'));
  return (frame: ServerFrame) => act(() => socket.receive(frame));
}

it('counts what waits above the entry shown first', () => {
  const older = postItem(makePost({ createdAt: '2026-11-20T10:00:00.000Z' }));
  const shown = postItem(makePost({ createdAt: '2026-11-20T11:00:00.000Z' }));
  const newer = postItem(makePost({ createdAt: '2026-11-20T12:00:00.000Z' }));
  expect(countNewer(page([newer, shown, older]), shown)).toBe(1);
  expect(countNewer(page([newer, shown]), undefined)).toBe(2);
  // The screen is ahead of the fetched page (say, after posting): nothing is new.
  expect(countNewer(page([shown, older]), newer)).toBe(0);
  // More than a page is new: the shown entry is not in it.
  expect(countNewer(page([newer]), older)).toBe(1);
});

it('offers new posts from others without moving the list, and brings them in on request', async () => {
  const shown = makePost({ content: 'Shown first' });
  const fresh = makePost({
    content: 'Fresh from the pitch',
    author: makeAuthor({ fullName: 'Casey Lee' }),
    createdAt: new Date().toISOString(),
  });
  const { api, user } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(shown)])), ok(page([postItem(fresh), postItem(shown)]))],
    },
  });
  const feed = await screen.findByRole('feed', { name: 'Feed' });
  const push = await connect();

  // My own post and a post of another sport than the one shown do not concern this list...
  push({
    type: 'post.created',
    topic: 'feed',
    post: { id: shown.id, sport: 'football', authorId: ME },
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(api.callsTo('/api/feed')).toHaveLength(1);

  // ...someone else's does (the server sends it to that author's followers only): it is offered
  // at once, and nothing is fetched until the reader asks to see it.
  push({
    type: 'post.created',
    topic: 'feed',
    post: { id: fresh.id, sport: 'football', authorId: fresh.author.id },
  });
  const pill = await screen.findByRole('button', { name: 'Show 1 new post' });
  expect(api.callsTo('/api/feed')).toHaveLength(1);
  expect(within(feed).getAllByRole('article')).toHaveLength(1);
  // The same post announced twice (two instances, a resend) counts once.
  push({
    type: 'post.created',
    topic: 'feed',
    post: { id: fresh.id, sport: 'football', authorId: fresh.author.id },
  });
  expect(screen.getByRole('button', { name: 'Show 1 new post' })).toBe(pill);

  await user.click(pill);
  await waitFor(() =>
    expect(
      within(screen.getByRole('feed', { name: 'Feed' }))
        .getAllByRole('article')
        .map(
          (article) => within(article).queryByText(/Fresh from the pitch|Shown first/)?.textContent,
        ),
    ).toEqual(['Fresh from the pitch', 'Shown first']),
  );
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  expect(api.callsTo('/api/feed')).toHaveLength(2);
});

it('offers a repost by someone followed without asking the server, and never one of my own', async () => {
  const shown = makePost({ content: 'Shown first' });
  const { api } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(shown)]))],
    },
  });
  await screen.findByRole('feed', { name: 'Feed' });
  const push = await connect();
  push({
    type: 'post.reposted',
    topic: 'feed',
    post: { id: shown.id, sport: 'football' },
    reposterId: ME,
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  push({
    type: 'post.reposted',
    topic: 'feed',
    post: { id: shown.id, sport: 'football' },
    reposterId: makeAuthor().id,
  });
  await screen.findByRole('button', { name: 'Show 1 new post' });
  expect(api.callsTo('/api/feed')).toHaveLength(1);
});

it('says so when the new posts cannot be loaded, and keeps offering them', async () => {
  const shown = makePost({ content: 'Shown first' });
  const fresh = makePost({ author: makeAuthor({ fullName: 'Casey Lee' }) });
  const { user } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(shown)])), { status: 500, body: { error: 'internal' } }],
    },
  });
  await screen.findByRole('feed', { name: 'Feed' });
  const push = await connect();
  push({
    type: 'post.created',
    topic: 'feed',
    post: { id: fresh.id, sport: 'football', authorId: fresh.author.id },
  });
  await user.click(await screen.findByRole('button', { name: 'Show 1 new post' }));
  expect(
    await screen.findByText('Could not load the new posts. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show 1 new post' })).toBeInTheDocument();
});

it('looks at the head of a long feed shown again, instead of fetching every page afresh', async () => {
  const shown = makePost({ content: 'Shown first' });
  const fresh = makePost({
    content: 'Fresh from the pitch',
    author: makeAuthor({ fullName: 'Casey Lee' }),
    createdAt: new Date().toISOString(),
  });
  const { api, router, queryClient } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(shown)])), ok(page([postItem(fresh), postItem(shown)]))],
    },
  });
  await screen.findByRole('feed', { name: 'Feed' });
  // The reader went further down than is fetched afresh, a minute ago, and leaves for a while.
  const count = REFRESHED_PAGES_AT_MOST + 1;
  const pages = Array.from({ length: count }, (_, index) =>
    page(
      [index === 0 ? postItem(shown) : postItem(makePost({ content: `Older ${index}` }))],
      index + 1 < count ? `c${index + 1}` : null,
    ),
  );
  act(() => {
    queryClient.setQueryData(
      postKeys.feed(null),
      { pages, pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)) },
      { updatedAt: Date.now() - 60_000 },
    );
  });
  await act(() => router.navigate('/user-agreement'));
  await act(() => router.navigate('/feed'));

  // Back on the feed: its first page is looked at aside, and what is new is offered.
  await screen.findByRole('button', { name: 'Show 1 new post' });
  expect(api.callsTo('/api/feed')).toHaveLength(2);
  expect(api.calls.filter((call) => call.path.startsWith('/api/feed?'))).toEqual([]);
  expect(queryClient.getQueryData<{ pages: unknown[] }>(postKeys.feed(null))?.pages).toHaveLength(
    count,
  );
});

it('shows an edit of a post on screen in place, marked Edited, without fetching the feed again', async () => {
  const shown = makePost({ content: 'Before the edit' });
  const { api } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(shown)]))],
    },
  });
  const feed = await screen.findByRole('feed', { name: 'Feed' });
  expect(within(feed).getByText('Before the edit')).toBeInTheDocument();
  expect(within(feed).queryByText(/^Edited/)).not.toBeInTheDocument();
  const push = await connect();
  push({
    type: 'post.edited',
    topic: 'feed',
    post: {
      id: shown.id,
      content: 'After the edit',
      sport: 'padel',
      editedAt: new Date().toISOString(),
    },
  });
  expect(await within(feed).findByText('After the edit')).toBeInTheDocument();
  expect(within(feed).getByText(/^Edited/)).toBeInTheDocument();
  expect(within(feed).getByText('Padel')).toBeInTheDocument();
  expect(api.callsTo('/api/feed')).toHaveLength(1);
});

it('takes a post its author deleted off the screen, without fetching the feed again', async () => {
  const gone = makePost({ content: 'About to be deleted' });
  const kept = makePost({ content: 'Still here' });
  const { api } = renderApp('/feed', {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/feed': [ok(page([postItem(gone), postItem(kept)]))],
    },
  });
  const feed = await screen.findByRole('feed', { name: 'Feed' });
  expect(within(feed).getByText('About to be deleted')).toBeInTheDocument();
  const push = await connect();
  push({ type: 'post.deleted', topic: 'feed', postId: gone.id });
  await waitFor(() =>
    expect(within(feed).queryByText('About to be deleted')).not.toBeInTheDocument(),
  );
  expect(within(feed).getByText('Still here')).toBeInTheDocument();
  expect(api.callsTo('/api/feed')).toHaveLength(1);
});
