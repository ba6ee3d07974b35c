import { ClipboardList } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty } from '../../components/list-states.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { MyApplicationCard } from './my-application-card.tsx';
import { useMyApplicationsInfiniteQuery } from './my-application-queries.ts';

export const MY_APPLICATIONS_EMPTY = 'You have not applied to any offers yet.';

/** /applications: the signed-in athlete's applications, newest first, live as they move. */
export function MyApplicationsPage() {
  const query = useMyApplicationsInfiniteQuery();
  useScrollToHash(query.status === 'success');

  return (
    <>
      <DocumentTitle title="My applications" />
      <div className="mx-auto flex max-w-3xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            My applications
          </h1>
          <p className="mt-1 text-slate-700">
            Where each of your applications stands, and what the clubs said.
          </p>
        </div>
        <PagedList
          query={query}
          label="My applications"
          loadingLabel="Loading your applications..."
          loadingMoreLabel="Loading more applications..."
          failedTitle="Couldn't load your applications"
          failedDetail={query.error?.message}
          empty={
            <ListEmpty icon={ClipboardList} title={MY_APPLICATIONS_EMPTY}>
              <Link
                to="/offers"
                className={cx('rounded-sm font-medium text-blue-800 hover:underline', focusRing)}
              >
                Find Athlete Offers
              </Link>
            </ListEmpty>
          }
          className="flex flex-col gap-4"
          itemClassName="min-w-0"
          renderItem={(application) => <MyApplicationCard application={application} />}
        />
      </div>
    </>
  );
}

/**
 * `/applications#<id>` (a notification's link): the list arrives after the browser looked for the
 * anchor, so scroll to it once it is there.
 */
function useScrollToHash(loaded: boolean) {
  const { hash } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!loaded || id === '' || done.current === id) return;
    const target = document.getElementById(id);
    if (!target) return;
    done.current = id;
    target.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
}
