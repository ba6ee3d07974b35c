import type { Comment, CommentPage, FeedPage } from '@arena/shared/post.schema';
import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { expect, it } from 'vitest';

import { makeAuthor, makePost, page, postItem } from '../../../test/posts-harness.tsx';
import { commentKeys, insertComment, removeComment } from './comment-queries.ts';
import { postKeys } from '../post-queries.ts';

const post = makePost({ commentsCount: 1 });
const comment = (id: string, content: string): Comment => ({
  id,
  postId: post.id,
  content,
  createdAt: new Date().toISOString(),
  author: makeAuthor(),
});
const first = comment('a0000000-0000-4000-8000-000000000001', 'First!');

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<CommentPage, string | null>>(commentKeys.ofPost(post.id), {
    pages: [{ items: [first], nextCursor: null }],
    pageParams: [null],
  });
  queryClient.setQueryData<InfiniteData<FeedPage, string | null>>(postKeys.feed(null), {
    pages: [page([postItem(post)])],
    pageParams: [null],
  });
  const comments = () =>
    queryClient
      .getQueryData<InfiniteData<CommentPage>>(commentKeys.ofPost(post.id))
      ?.pages.flatMap((p) => p.items.map((c) => c.content));
  const count = () =>
    queryClient.getQueryData<InfiniteData<FeedPage>>(postKeys.feed(null))?.pages[0]?.items[0]?.post
      .commentsCount;
  return { queryClient, comments, count };
}

it('adds a comment once, whether the live event or the POST answer comes first', () => {
  const { queryClient, comments, count } = setup();
  const mine = comment('a0000000-0000-4000-8000-000000000002', 'Great game');
  insertComment(queryClient, mine);
  insertComment(queryClient, mine);
  expect(comments()).toEqual(['Great game', 'First!']);
  expect(count()).toBe(2);
});

it('removes a comment once, and leaves the count alone for one it never had', () => {
  const { queryClient, comments, count } = setup();
  removeComment(queryClient, post.id, first.id);
  removeComment(queryClient, post.id, first.id);
  expect(comments()).toEqual([]);
  expect(count()).toBe(0);
  removeComment(queryClient, post.id, 'a0000000-0000-4000-8000-000000000009');
  expect(count()).toBe(0);
});
