import type { FeedPage } from '@arena/shared/post.schema';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Newspaper } from 'lucide-react';
import { useMemo } from 'react';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { VirtualFeed } from './virtual-list/virtual-feed.tsx';
import { useHasPainted } from './first-paint.ts';
import { PostSkeletons } from './post-skeleton.tsx';
import { useInfiniteScroll } from './use-infinite-scroll.ts';

export interface EmptyText {
  title: string;
  description?: string;
}

/**
 * A list of feed items (the home feed, a profile's posts): a skeleton while the first page
 * loads, an empty or error state, and further pages as the reader nears the end (with a
 * 'Load more' button for keyboards and browsers without IntersectionObserver). The loaded
 * items render as a virtualised feed (`VirtualFeed`): only the cards near the window exist.
 */
export function PostList({
  id,
  query,
  label,
  empty,
}: {
  /** Which list this is, e.g. `feed:all` or `profile:alice` (see `VirtualFeed`). */
  id: string;
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  label: string;
  empty: EmptyText;
}) {
  const {
    data,
    status,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    refetch,
    isRefetching,
  } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const canLoadMore = hasNextPage && !isFetchingNextPage && status === 'success';
  const sentinel = useInfiniteScroll(() => {
    if (canLoadMore) void fetchNextPage();
  }, canLoadMore);

  const painted = useHasPainted();

  if (status === 'pending' || !painted) return <PostSkeletons />;
  if (status === 'error' && !data) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="font-semibold text-slate-900">Couldn't load posts</p>
        <p className="text-sm text-slate-700">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
          {isRefetching ? 'Retrying...' : 'Retry'}
        </Button>
      </Card>
    );
  }
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
          <Newspaper className="size-6" aria-hidden />
        </span>
        <p className="font-semibold text-slate-900">{empty.title}</p>
        {empty.description ? <p className="text-sm text-slate-700">{empty.description}</p> : null}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <VirtualFeed key={id} id={id} items={items} label={label} busy={isFetching} />
      <div ref={sentinel} className="flex min-h-10 justify-center">
        {isFetchingNextPage ? (
          <Spinner label="Loading more posts..." showLabel />
        ) : isFetchNextPageError ? (
          <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
            Couldn't load more posts.
            <Button variant="outline" onClick={() => void fetchNextPage()}>
              Retry
            </Button>
          </div>
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : (
          <p className="text-sm text-slate-700">You're all caught up</p>
        )}
      </div>
    </div>
  );
}
