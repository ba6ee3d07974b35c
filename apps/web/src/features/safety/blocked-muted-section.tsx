import { MESSAGES } from '@arena/shared/messages';
import type { RestrictedProfile } from '@arena/shared/safety.schema';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';

import { LoadMore } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PersonIdentity } from '../people/person-identity.tsx';
import { SettingsSection } from '../settings/settings-section.tsx';
import { useBlockMutation, useMuteMutation, useRestrictedListQuery } from './safety-queries.ts';
import type { RestrictionKind } from './safety-queries.ts';

const ANCHOR = 'blocked';

/**
 * Settings → Blocked and muted (/settings#blocked): the two lists, each with its undo. `ready`:
 * the Settings page's request has brought their first pages (or failed).
 */
export function BlockedMutedSection({ ready = true }: { ready?: boolean }) {
  const { hash } = useLocation();
  // The page is loaded after the browser looked for the anchor: scroll to it here.
  useEffect(() => {
    if (hash === `#${ANCHOR}`) document.getElementById(ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <SettingsSection
      id={ANCHOR}
      title="Blocked and muted"
      description="Blocked members cannot see your profile or posts, follow you or message you. Muted members' posts and notifications are hidden from you; they are not told."
    >
      <div className="flex flex-col gap-6">
        <RestrictedList kind="blocked" ready={ready} />
        <RestrictedList kind="muted" ready={ready} />
      </div>
    </SettingsSection>
  );
}

const copy = {
  blocked: {
    title: 'Blocked',
    loading: 'Loading blocked members...',
    loadingMore: 'Loading more blocked members...',
    empty: MESSAGES.safety.noneBlocked,
    undo: 'Unblock',
    undoing: 'Unblocking...',
  },
  muted: {
    title: 'Muted',
    loading: 'Loading muted members...',
    loadingMore: 'Loading more muted members...',
    empty: MESSAGES.safety.noneMuted,
    undo: 'Unmute',
    undoing: 'Unmuting...',
  },
} as const;

function RestrictedList({ kind, ready }: { kind: RestrictionKind; ready: boolean }) {
  const text = copy[kind];
  const headingId = useId();
  const query = useRestrictedListQuery(kind, { enabled: ready });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const block = useBlockMutation();
  const mute = useMuteMutation();
  const undoing = kind === 'blocked' ? block : mute;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  function undo(username: string) {
    // The row that held focus is gone: keep the keyboard in this list.
    const onSuccess = () => requestAnimationFrame(() => headingRef.current?.focus());
    if (kind === 'blocked') block.mutate({ username, block: false }, { onSuccess });
    else mute.mutate({ username, mute: false }, { onSuccess });
  }

  let body;
  if (query.status === 'pending') {
    body = <ListSkeleton label={text.loading} />;
  } else if (query.status === 'error' && items.length === 0) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="font-semibold text-slate-900">{MESSAGES.safety.loadFailed}</p>
        <Button
          variant="outline"
          onClick={() => void query.refetch()}
          disabled={query.isRefetching}
        >
          {query.isRefetching ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="text-sm text-slate-700">{text.empty}</p>;
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-200">
          {items.map((person) => (
            <RestrictedRow
              key={person.id}
              kind={kind}
              person={person}
              pending={undoing.isPending && undoing.variables.username === person.username}
              onUndo={() => undo(person.username)}
            />
          ))}
        </ul>
        <LoadMore
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={query.fetchNextPage}
          loadingLabel={text.loadingMore}
          label="Show more"
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 outline-none"
      >
        {text.title}
      </h3>
      {body}
    </section>
  );
}

function RestrictedRow({
  kind,
  person,
  pending,
  onUndo,
}: {
  kind: RestrictionKind;
  person: RestrictedProfile;
  pending: boolean;
  onUndo: () => void;
}) {
  const text = copy[kind];
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <PersonIdentity person={person} className="flex-1" />
      <Button variant="outline" size="sm" disabled={pending} onClick={onUndo}>
        {pending ? text.undoing : text.undo}
        <span className="sr-only"> @{person.username}</span>
      </Button>
    </li>
  );
}

/** The list's shape while its first page loads: a face and two lines per row. */
function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3 py-1">
      {[0, 1].map((row) => (
        <div key={row} aria-hidden className="flex items-center gap-3">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-2/5 animate-pulse rounded bg-slate-200" />
            <span className="h-3 w-1/4 animate-pulse rounded bg-slate-200" />
          </span>
        </div>
      ))}
    </div>
  );
}
