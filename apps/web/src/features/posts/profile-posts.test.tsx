import { render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { makePost, page, postItem, setupProviders } from '../../test/posts-harness.tsx';
import { ProfilePosts } from './profile-posts.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it("lists a member's posts, newest first, for a visitor too", async () => {
  const { Wrapper } = setupProviders({
    signedIn: false,
    api: {
      '/api/profiles/alice/posts': [
        {
          status: 200,
          body: page([
            postItem(makePost({ content: 'Newer' })),
            postItem(makePost({ content: 'Older' })),
          ]),
        },
      ],
    },
  });
  render(<ProfilePosts username="alice" />, { wrapper: Wrapper });
  const list = await screen.findByRole('feed', { name: 'Posts' });
  const [first, second] = within(list).getAllByRole('article');
  expect(first).toHaveTextContent('Newer');
  expect(second).toHaveTextContent('Older');
  expect(screen.getByRole('heading', { level: 2, name: 'Posts' })).toBeInTheDocument();
});

it('says when there are none', async () => {
  const { Wrapper } = setupProviders({
    api: { '/api/profiles/alice/posts': [{ status: 200, body: page([]) }] },
  });
  render(<ProfilePosts username="alice" />, { wrapper: Wrapper });
  expect(await screen.findByText('No posts yet')).toBeInTheDocument();
});
