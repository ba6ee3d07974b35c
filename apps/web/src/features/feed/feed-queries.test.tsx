import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { FakeReply } from '../../test/fake-api.ts';
import { makePost, page, postItem, setupProviders } from '../../test/posts-harness.tsx';
import { REFRESHED_PAGES_AT_MOST, postKeys } from '../posts/post-queries.ts';
import { useFeedInfiniteQuery } from './feed-queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a list of posts shown again', () => {
  /** `count` pages of one post each, chained by cursors c1, c2, …, as the server answers them. */
  function feedOf(count: number) {
    const cursorAfter = (index: number) => (index + 1 < count ? `c${index + 1}` : null);
    const pages = Array.from({ length: count }, (_, index) =>
      page([postItem(makePost({ content: `Post ${index + 1}` }))], cursorAfter(index)),
    );
    const api: Record<string, FakeReply[]> = {};
    pages.forEach((body, index) => {
      api[index === 0 ? '/api/feed' : `/api/feed?cursor=c${index}`] = [{ status: 200, body }];
    });
    return {
      api,
      data: { pages, pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)) },
    };
  }

  /** The feed cached as `count` pages some time ago, then shown: the calls that made. */
  async function showAgain(count: number, { invalidated = false } = {}) {
    const feed = feedOf(count);
    const { api, queryClient, Wrapper } = setupProviders({ api: feed.api });
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    queryClient.setQueryData(postKeys.feed(null), feed.data, { updatedAt: Date.now() - 60_000 });
    if (invalidated)
      await queryClient.invalidateQueries({ queryKey: postKeys.feeds(), refetchType: 'none' });
    const { result } = renderHook(() => useFeedInfiniteQuery(null), { wrapper: Wrapper });
    return { api, result };
  }

  const feedCalls = (api: { calls: { path: string }[] }) =>
    api.calls.filter((call) => call.path.startsWith('/api/feed')).map((call) => call.path);

  it(`is fetched afresh, page after page, when it holds ${REFRESHED_PAGES_AT_MOST} pages or fewer`, async () => {
    const { api, result } = await showAgain(REFRESHED_PAGES_AT_MOST);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(feedCalls(api)).toEqual(['/api/feed', '/api/feed?cursor=c1', '/api/feed?cursor=c2']);
  });

  it("is kept as it is, with the reader's place in it, when it holds more", async () => {
    const { api, result } = await showAgain(REFRESHED_PAGES_AT_MOST + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(feedCalls(api)).toEqual([]);
    expect(result.current.data?.pages).toHaveLength(REFRESHED_PAGES_AT_MOST + 1);
    expect(result.current.isFetching).toBe(false);
  });

  it("is fetched afresh however long it is once invalidated (a post of one's own)", async () => {
    const { api, result } = await showAgain(REFRESHED_PAGES_AT_MOST + 1, { invalidated: true });
    await waitFor(() => expect(feedCalls(api)).toHaveLength(REFRESHED_PAGES_AT_MOST + 1));
    await waitFor(() => expect(result.current.isFetching).toBe(false));
  });
});
