import type { FeedPage } from '@arena/shared/post.schema';
import type { InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  makeAuthor,
  makePost,
  page,
  postItem,
  repostItem,
  setupProviders,
} from '../../test/posts-harness.tsx';
import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import {
  postKeys,
  setFollowingAuthorInCache,
  useLikeMutation,
  useRepostMutation,
} from './post-queries.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const post = makePost({ likesCount: 3, repostsCount: 1 });
const other = makePost({ content: 'Another one' });
const bob = makeAuthor({ username: 'bob', fullName: 'Bob Keeper' });

/** The same post in the feed twice (posted, and reposted by Bob) and once on a profile. */
function seeded(api: Record<string, FakeReply[]>) {
  const providers = setupProviders({ api });
  const feed: InfiniteData<FeedPage, string | null> = {
    pages: [page([repostItem(post, bob), postItem(other)], 'c1'), page([postItem(post)])],
    pageParams: [null, 'c1'],
  };
  providers.queryClient.setQueryData(postKeys.feed(null), feed);
  providers.queryClient.setQueryData(postKeys.profile('alice'), {
    pages: [page([postItem(post)])],
    pageParams: [null],
  });
  const copies = () =>
    [postKeys.feed(null), postKeys.profile('alice')].flatMap((key) =>
      (providers.queryClient.getQueryData<InfiniteData<FeedPage>>(key)?.pages ?? [])
        .flatMap((p) => p.items)
        .filter((item) => item.post.id === post.id)
        .map((item) => item.post),
    );
  return { ...providers, copies };
}

/** A reply the test releases when it wants, to look at the state in between. */
function deferred() {
  let release: (reply: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('like', () => {
  it('changes every cached copy at once, then takes the count from the server', async () => {
    const { Wrapper, copies, api } = seeded({});
    const reply = deferred();
    api.fetch.mockImplementationOnce(() => reply.promise);
    const { result } = renderHook(() => useLikeMutation(), { wrapper: Wrapper });

    act(() => result.current.mutate({ postId: post.id, on: true }));
    await waitFor(() =>
      expect(copies().every((p) => p.likedByMe && p.likesCount === 4)).toBe(true),
    );
    expect(copies()).toHaveLength(3);

    reply.release(Response.json({ liked: true, likesCount: 10 }));
    await waitFor(() => expect(copies().every((p) => p.likesCount === 10)).toBe(true));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('rolls every copy back and says "Failed to update like" when the server fails', async () => {
    const { Wrapper, copies } = seeded({ [`/api/posts/${post.id}/like`]: [{ status: 500 }] });
    const { result } = renderHook(() => useLikeMutation(), { wrapper: Wrapper });

    act(() => result.current.mutate({ postId: post.id, on: true }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(copies().every((p) => !p.likedByMe && p.likesCount === 3)).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('Failed to update like');
  });

  it('shows the server message when there is one', async () => {
    const { Wrapper, copies } = seeded({
      [`/api/posts/${post.id}/like`]: [apiError(404, 'not_found', 'Post not found')],
    });
    const { result } = renderHook(() => useLikeMutation(), { wrapper: Wrapper });
    act(() => result.current.mutate({ postId: post.id, on: true }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Post not found'));
    expect(copies().every((p) => !p.likedByMe)).toBe(true);
  });

  it('says "Failed to update like" when the server cannot be reached too', async () => {
    const { Wrapper } = seeded({ [`/api/posts/${post.id}/like`]: [{ networkError: true }] });
    const { result } = renderHook(() => useLikeMutation(), { wrapper: Wrapper });
    act(() => result.current.mutate({ postId: post.id, on: false }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error).toHaveBeenCalledWith('Failed to update like');
  });
});

describe('repost', () => {
  it('rolls back and says "Failed to repost" when the server fails', async () => {
    const { Wrapper, copies } = seeded({
      [`/api/posts/${post.id}/repost`]: [{ status: 502, body: 'bad gateway' }],
    });
    const { result } = renderHook(() => useRepostMutation(), { wrapper: Wrapper });
    act(() => result.current.mutate({ postId: post.id, on: true }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to repost'));
    expect(copies().every((p) => !p.repostedByMe && p.repostsCount === 1)).toBe(true);
  });

  it('sends PUT to repost and DELETE to undo', async () => {
    const path = `/api/posts/${post.id}/repost`;
    const { Wrapper, api, copies } = seeded({
      [path]: [{ status: 200, body: { reposted: true, repostsCount: 2 } }],
    });
    const { result } = renderHook(() => useRepostMutation(), { wrapper: Wrapper });
    act(() => result.current.mutate({ postId: post.id, on: true }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.callsTo(path).map((call) => call.method)).toEqual(['PUT']);
    expect(copies().every((p) => p.repostedByMe && p.repostsCount === 2)).toBe(true);
  });
});

it('marks every post by an author as followed, and can undo it', () => {
  const { queryClient, copies } = seeded({});
  const undo = setFollowingAuthorInCache(queryClient, 'ALICE', true);
  expect(copies().every((p) => p.followingAuthor)).toBe(true);
  undo();
  expect(copies().every((p) => !p.followingAuthor)).toBe(true);
});
