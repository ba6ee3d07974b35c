import type { Camp } from '@arena/shared/camp.schema';
import type { CampRegistrationStatus } from '@arena/shared/constants';
import { MessageSquare, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { ListEmpty, ListLoadFailed, ListLoading, LoadMore } from '../../components/list-states.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { FilterChips } from '../../components/ui/filter-chips.tsx';
import { formatDay } from '../offers/offer-date.tsx';
import { REGISTRATION_LABELS, RegistrationBadge } from './camp-badges.tsx';
import { useCampRegistrationsQuery } from './camp-queries.ts';

const STATUS_OPTIONS: { value: CampRegistrationStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'booked', label: REGISTRATION_LABELS.booked },
  { value: 'waitlisted', label: REGISTRATION_LABELS.waitlisted },
  { value: 'interested', label: REGISTRATION_LABELS.interested },
  { value: 'cancelled', label: REGISTRATION_LABELS.cancelled },
];

/**
 * The organiser's list of who registered (`#registrations`, where their notifications lead):
 * each member links to their profile and can be messaged, as from the profile page.
 */
export function CampRegistrations({ camp }: { camp: Camp }) {
  const [status, setStatus] = useState<CampRegistrationStatus | null>(null);
  const query = useCampRegistrationsQuery(camp.id, status);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // The link arrives before the camp has loaded: the browser found nothing to scroll to.
  useEffect(() => {
    if (hash === '#registrations') section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <Card>
      <section
        ref={section}
        id="registrations"
        aria-labelledby="registrations-heading"
        className="flex scroll-mt-20 flex-col gap-4 p-5 sm:p-6"
      >
        <h2 id="registrations-heading" className="text-lg font-semibold text-slate-900">
          Registrations
        </h2>
        <FilterChips
          label="Registration status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
        {query.isPending ? (
          <ListLoading label="Loading registrations..." />
        ) : query.isError && items.length === 0 ? (
          <ListLoadFailed
            title="Couldn't load the registrations"
            detail={query.error.message}
            retrying={query.isRefetching}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          <ListEmpty icon={Users} title="No registrations yet">
            {status
              ? 'Nobody with this status.'
              : 'Members who register interest or book a place appear here.'}
          </ListEmpty>
        ) : (
          <>
            <ul aria-label="Registrations" className="divide-y divide-slate-100">
              {items.map((registration) => {
                const member = registration.member;
                const profile = `/profile/${encodeURIComponent(member.username)}`;
                return (
                  <li key={registration.id} className="flex flex-wrap items-center gap-3 py-3">
                    <Avatar name={member.fullName} src={member.avatarUrl} size="md" />
                    <div className="min-w-0 flex-1">
                      <Link
                        to={profile}
                        className={cx(
                          'block truncate rounded-sm font-semibold text-slate-900 hover:underline',
                          focusRing,
                        )}
                      >
                        {member.fullName}
                      </Link>
                      <p className="text-sm text-slate-700">
                        <time dateTime={registration.updatedAt}>
                          {formatDay(registration.updatedAt)}
                        </time>
                      </p>
                    </div>
                    <RegistrationBadge status={registration.status} />
                    <Button variant="secondary" size="sm" asChild>
                      <Link
                        to={`/messages?user=${encodeURIComponent(member.username)}`}
                        aria-label={`Message ${member.fullName}`}
                      >
                        <MessageSquare className="size-4" aria-hidden />
                        Message
                      </Link>
                    </Button>
                  </li>
                );
              })}
            </ul>
            <LoadMore
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              loadingLabel="Loading more registrations..."
            />
          </>
        )}
      </section>
    </Card>
  );
}
