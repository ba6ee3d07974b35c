import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { PostCard } from './post-card.tsx';
import { makeAuthor, makePost, postItem, setupProviders } from '../../test/posts-harness.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const me = makeSession('token-1').profile;

function renderCard(
  post = makePost(),
  options: { signedIn?: boolean; api?: Record<string, FakeReply[]> } = {},
) {
  const providers = setupProviders(options);
  render(<PostCard item={postItem(post)} />, { wrapper: providers.Wrapper });
  return { ...providers, user: userEvent.setup(), post };
}

describe('for a visitor', () => {
  it.each(['Like', 'Repost', 'Follow Alice Striker'])(
    "%s says 'Login Required' and goes to sign in",
    async (name) => {
      const { user, api } = renderCard(makePost(), { signedIn: false });
      await waitFor(() => expect(api.callsTo('/api/auth/sign-out')).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
      expect(toast.error).toHaveBeenCalledWith('Login Required');
      expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
      expect(api.calls.filter((call) => call.path.startsWith('/api/posts'))).toHaveLength(0);
    },
  );
});

describe("the author's own post", () => {
  it('has no Follow button, and deletes only after confirmation', async () => {
    const post = makePost({ author: makeAuthor({ ...me }) });
    const { user, api } = renderCard(post, {
      api: { [`/api/posts/${post.id}`]: [{ status: 204 }] },
    });
    const deleteButton = await screen.findByRole('button', { name: 'Delete post' });
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();

    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`/api/posts/${post.id}`)).toHaveLength(0);

    await user.click(deleteButton);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Post deleted'));
    expect(api.callsTo(`/api/posts/${post.id}`)[0]?.method).toBe('DELETE');
  });
});

describe('comments', () => {
  const comment = (content: string, minutesAgo: number, author = makeAuthor()) => ({
    id: crypto.randomUUID(),
    postId: '',
    author,
    content,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });

  it('open newest first with their time, take a new one on top, and load more', async () => {
    const post = makePost({ commentsCount: 3 });
    const path = `/api/posts/${post.id}/comments`;
    const newer = { ...comment('Newest so far', 120), postId: post.id };
    const older = { ...comment('Older one', 600), postId: post.id };
    const added = { ...comment('Mine!', 0, makeAuthor({ ...me })), postId: post.id };
    const { user, api } = renderCard(post, {
      api: {
        [`${path}?limit=10`]: [{ status: 200, body: { items: [newer], nextCursor: 'c2' } }],
        [`${path}?limit=10&cursor=c2`]: [
          { status: 200, body: { items: [older], nextCursor: null } },
        ],
        [path]: [{ status: 201, body: added }],
      },
    });
    const toggle = screen.getByRole('button', { name: /^Comments/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(section).findByText('Newest so far')).toBeInTheDocument();
    expect(within(section).getByText('about 2 hours ago')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Load more comments' }));
    expect(await within(section).findByText('Older one')).toBeInTheDocument();

    const box = within(section).getByLabelText('Write a comment');
    expect(box).toHaveAttribute('maxLength', '500');
    await user.click(within(section).getByRole('button', { name: 'Comment' }));
    expect(toast.error).toHaveBeenCalledWith('Comment cannot be empty');

    await user.type(box, 'Mine!');
    await user.click(within(section).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Comment added!'));
    expect(api.callsTo(path)[0]?.body).toEqual({ content: 'Mine!' });
    expect(box).toHaveValue('');
    const items = within(within(section).getByRole('list', { name: 'Comments' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Mine!');
    expect(items[1]).toHaveTextContent('Newest so far');
    expect(items[2]).toHaveTextContent('Older one');
  });

  it("shows the server's reason, or 'Failed to add comment'", async () => {
    const post = makePost();
    const path = `/api/posts/${post.id}/comments`;
    const { user } = renderCard(post, {
      api: {
        [`${path}?limit=10`]: [{ status: 200, body: { items: [], nextCursor: null } }],
        [path]: [{ networkError: true }],
      },
    });
    await user.click(screen.getByRole('button', { name: /^Comments/ }));
    await user.type(await screen.findByLabelText('Write a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add comment'));
    expect(screen.getByLabelText('Write a comment')).toHaveValue('Hello');
  });
});
