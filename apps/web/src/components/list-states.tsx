import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { Spinner } from './ui/spinner.tsx';

// The states a paged list page goes through besides showing its items.

export function ListLoading({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-16">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function ListLoadFailed({
  title,
  detail,
  retrying,
  onRetry,
}: {
  title: string;
  detail?: string | undefined;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {detail ? <p className="text-sm text-slate-700">{detail}</p> : null}
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </Card>
  );
}

export function ListEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      {children ? <p className="text-sm text-slate-700">{children}</p> : null}
    </Card>
  );
}

/** The foot of a paged list: a spinner while the next page loads, else Load more while there is one. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  loadingLabel,
  label = 'Load more',
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  /** What the spinner says, e.g. 'Loading more offers...'. */
  loadingLabel: string;
  /** The button's words. */
  label?: string;
}) {
  return (
    <div className="flex min-h-10 justify-center">
      {isFetchingNextPage ? (
        <Spinner label={loadingLabel} showLabel />
      ) : hasNextPage ? (
        <Button variant="outline" onClick={() => void fetchNextPage()}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
