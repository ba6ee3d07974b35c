import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { ApiRequestError } from '../lib/http/api-error.ts';
import { BackLink } from './back-link.tsx';
import { DocumentTitle } from './document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from './list-states.tsx';

/**
 * A page about one item (an offer, a camp, a scholarship) at a shareable address: the way back
 * to its list, then the item once loaded, or why not (gone or hidden, or a failure to retry).
 */
export function ItemPage<T>({
  query,
  noun,
  back,
  backLabel,
  icon,
  notFoundDetail,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the item is, in lower case: "offer". */
  noun: string;
  back: string;
  backLabel: string;
  icon: LucideIcon;
  notFoundDetail: string;
  children: (item: T) => ReactNode;
}) {
  const { data, status, error, refetch, isRefetching } = query;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <BackLink to={back} label={backLabel} />
      {status === 'pending' ? (
        <ListLoading label={`Loading ${noun}...`} />
      ) : status === 'error' ? (
        error instanceof ApiRequestError && error.status === 404 ? (
          <>
            <DocumentTitle title={`${title} not found`} />
            <ListEmpty icon={icon} title={error.message}>
              {notFoundDetail}
            </ListEmpty>
          </>
        ) : (
          <ListLoadFailed
            title={`Couldn't load the ${noun}`}
            detail={error.message}
            retrying={isRefetching}
            onRetry={() => void refetch()}
          />
        )
      ) : (
        children(data)
      )}
    </div>
  );
}
