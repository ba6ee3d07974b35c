import type { ReactNode } from 'react';

import { ListLoadFailed, ListLoading, LoadMore } from './list-states.tsx';

/** What a paged list reads of an infinite query (TanStack's `useInfiniteQuery` result fits). */
export interface PagedQuery<T> {
  data: { pages: readonly { items: readonly T[] }[] } | undefined;
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * A list read a page at a time: a spinner for the first page, a retry when it cannot be loaded,
 * `empty` when there is nothing, else the items and Load more while there are further pages.
 */
export function PagedList<T extends { id: string }>({
  query,
  label,
  loadingLabel,
  loadingMoreLabel,
  failedTitle,
  failedDetail,
  empty,
  className,
  itemClassName,
  renderItem,
}: {
  query: PagedQuery<T>;
  /** The list's accessible name, e.g. 'Offers'. */
  label: string;
  /** What the spinner says while the first page loads, e.g. 'Loading offers...'. */
  loadingLabel: string;
  /** What it says while a further page loads, e.g. 'Loading more offers...'. */
  loadingMoreLabel: string;
  failedTitle: string;
  failedDetail?: string | undefined;
  empty: ReactNode;
  className?: string;
  itemClassName?: string;
  renderItem: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.status === 'pending') return <ListLoading label={loadingLabel} />;
  if (query.status === 'error' && items.length === 0) {
    return (
      <ListLoadFailed
        title={failedTitle}
        detail={failedDetail}
        retrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0) return empty;
  return (
    <>
      <ul aria-label={label} className={className}>
        {items.map((item) => (
          <li key={item.id} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        loadingLabel={loadingMoreLabel}
      />
    </>
  );
}
