import { SPORTS } from '@arena/shared/constants';
import type { ServerFrame } from '@arena/shared/realtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { makeAuthor, makePost } from '../../test/posts-harness.tsx';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (body: unknown): FakeReply => ({ status: 200, body });
const me = makeSession('token-1').profile;

function openPost(post: ReturnType<typeof makePost>, replies: FakeReply[] = [ok(post)]) {
  return renderApp(`/posts/${post.id}`, {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      [`/api/posts/${post.id}`]: replies,
      [`/api/posts/${post.id}/comments?limit=10`]: [ok({ items: [], nextCursor: null })],
    },
  });
}

describe('/posts/{id}', () => {
  it('shows the post with its comments open and its actions', async () => {
    const post = makePost({ content: 'Cup final tonight', commentsCount: 0 });
    openPost(post);
    // The page's code loads at the first visit.
    const article = await screen.findByRole(
      'article',
      { name: /Alice Striker/ },
      { timeout: 10_000 },
    );
    expect(within(article).getByText('Cup final tonight')).toBeInTheDocument();
    for (const name of [/^Like/, /^Repost/, /^Share/])
      expect(within(article).getByRole('button', { name })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: /^Comments/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(article).getByRole('link', { name: /^Open post/ })).toHaveAttribute(
      'href',
      `/posts/${post.id}`,
    );
    expect(screen.getByRole('link', { name: 'Back to feed' })).toHaveAttribute('href', '/feed');
  });

  it('says clearly that a missing or deleted post is not found', async () => {
    const post = makePost();
    const { api } = openPost(post, [apiError(404, 'not_found', 'Post not found')]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    expect(
      screen.getByText('This post may have been deleted, or the link is wrong.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to feed' })).toHaveAttribute('href', '/feed');
    // Not found is an answer, not a failure to retry.
    expect(api.callsTo(`/api/posts/${post.id}`)).toHaveLength(1);
  });

  it('shows not found for an address that cannot name a post, without asking', async () => {
    const { api } = renderApp('/posts/not-a-post', { signedInAs: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    expect(api.calls.some((call) => call.path.startsWith('/api/posts'))).toBe(false);
  });

  it('copies the link with a toast where the browser cannot share', async () => {
    // jsdom has no share sheet; the clipboard is user-event's.
    expect('share' in navigator).toBe(false);
    const success = vi.spyOn(toast, 'success');
    const post = makePost();
    const { user } = openPost(post);
    const article = await screen.findByRole('article', { name: /Alice Striker/ });
    await user.click(within(article).getByRole('button', { name: /^Share/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Link copied'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/posts/${post.id}`);
  });

  it('opens the share sheet where there is one (phones)', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'share');
    });
    const success = vi.spyOn(toast, 'success');
    const post = makePost();
    const { user } = openPost(post);
    const article = await screen.findByRole('article', { name: /Alice Striker/ });
    await user.click(within(article).getByRole('button', { name: /^Share/ }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ url: `${window.location.origin}/posts/${post.id}` }),
    );
    expect(success).not.toHaveBeenCalled();
  });

  it('shows an edit by the author as it happens', async () => {
    const post = makePost({ content: 'First words' });
    openPost(post);
    await screen.findByText('First words');
    await waitFor(() =>
      expect(FakeSocket.instances.some((socket) => socket.sent.length === 0)).toBe(true),
    );
    const socket = FakeSocket.latest();
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready', profileId: me.id, unreadMessages: 0 }));
    await waitFor(() =>
      expect(socket.sentOf('subscribe').map((m) => m.topic)).toContain(`post:${post.id}`),
    );
    const frame: ServerFrame = {
      type: 'post.edited',
      topic: `post:${post.id}`,
      post: {
        id: post.id,
        content: 'Better words',
        sport: 'tennis',
        editedAt: new Date().toISOString(),
      },
    };
    act(() => socket.receive(frame));
    expect(await screen.findByText('Better words')).toBeInTheDocument();
    expect(screen.getByText(/^Edited/)).toBeInTheDocument();
  });

  it('says the post is not found once its author deletes it', async () => {
    const post = makePost({ content: 'Soon gone' });
    openPost(post);
    await screen.findByText('Soon gone');
    await waitFor(() =>
      expect(FakeSocket.instances.some((socket) => socket.sent.length === 0)).toBe(true),
    );
    const socket = FakeSocket.latest();
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready', profileId: me.id, unreadMessages: 0 }));
    await waitFor(() =>
      expect(socket.sentOf('subscribe').map((m) => m.topic)).toContain(`post:${post.id}`),
    );
    act(() => socket.receive({ type: 'post.deleted', topic: `post:${post.id}`, postId: post.id }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    expect(screen.queryByText('Soon gone')).not.toBeInTheDocument();
  });
});

describe('editing one’s own post', () => {
  const mine = () => makePost({ content: 'Typo in here', author: makeAuthor({ ...me }) });

  it('changes its text and sport, and shows it edited', async () => {
    const post = mine();
    const edited = {
      ...post,
      content: 'No typo now',
      sport: 'rugby' as const,
      editedAt: new Date().toISOString(),
    };
    const { user, api } = renderApp(`/posts/${post.id}`, {
      signedInAs: {},
      api: {
        '/api/me/unread-messages': [ok({ unread: 0 })],
        [`GET /api/posts/${post.id}`]: [ok(post)],
        [`PATCH /api/posts/${post.id}`]: [ok(edited)],
        [`/api/posts/${post.id}/comments?limit=10`]: [ok({ items: [], nextCursor: null })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    const form = await screen.findByRole('form', { name: 'Edit post' });
    const text = within(form).getByLabelText('Post text');
    expect(text).toHaveFocus();
    await user.clear(text);
    await user.type(text, '  No typo now ');
    const sport = within(form).getByLabelText('Sport');
    expect(within(sport).getAllByRole('option')).toHaveLength(SPORTS.length);
    await user.selectOptions(sport, 'rugby');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('No typo now')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit post' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Edited/)).toBeInTheDocument();
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ content: 'No typo now', sport: 'rugby' });
  });

  it('refuses text over 2000 characters with the message of posting, and sends nothing', async () => {
    const post = mine();
    const error = vi.spyOn(toast, 'error');
    const { user, api } = openPost(post);
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    const form = await screen.findByRole('form', { name: 'Edit post' });
    const text = within(form).getByLabelText('Post text');
    await user.clear(text);
    await user.click(text);
    await user.paste('x'.repeat(2001));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(error).toHaveBeenCalledWith('Post must be less than 2000 characters');
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    // Escape leaves the post as it was.
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Typo in here')).toBeInTheDocument();
  });

  it('offers no edit on someone else’s post', async () => {
    openPost(makePost());
    await screen.findByRole('article', { name: /Alice Striker/ });
    expect(screen.queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
  });
});
