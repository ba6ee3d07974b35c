import { FEED_FILTER_SPORTS, SPORT_LABELS, parseSport } from '@arena/shared/constants';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useNewFeedItems } from './feed-live.ts';
import { useFeedInfiniteQuery } from './feed-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { SportFilter } from '../../components/sport-filter.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { PostList } from '../posts/post-list.tsx';
import { DESKTOP_NAV_QUERY, useMediaQuery } from '../shell/use-media-query.ts';
import { Composer } from './composer/composer.tsx';
import { NewPostsPill } from './new-posts-pill.tsx';
import { FeedSidebar } from './sidebar/feed-sidebar.tsx';

/** /feed: the sport filter, the composer, the merged list, and the right column. */
export function FeedPage() {
  const [params, setParams] = useSearchParams();
  const sport = parseSport(params.get('sport'));
  const query = useFeedInfiniteQuery(sport);
  const newItems = useNewFeedItems(sport, query.data?.pages[0]?.items[0]);
  const isDesktop = useMediaQuery(DESKTOP_NAV_QUERY);

  return (
    <>
      <DocumentTitle title="Feed" />
      <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Home Feed</h1>
          {isDesktop ? null : <MobileSidebar />}
          <SportFilter
            allLabel="All Sports"
            first={FEED_FILTER_SPORTS}
            value={sport}
            onChange={(next) =>
              setParams(next ? { sport: next } : {}, { replace: true, preventScrollReset: true })
            }
          />
          <Composer />
          <h2 className="sr-only">Posts</h2>
          <NewPostsPill count={newItems.count} onShow={() => void newItems.show()} />
          <PostList
            id={`feed:${sport ?? 'all'}`}
            query={query}
            label={sport ? `${SPORT_LABELS[sport]} posts` : 'Feed'}
            empty={
              sport
                ? {
                    title: `No ${SPORT_LABELS[sport]} posts yet`,
                    description: 'Share one, or look at All Sports.',
                  }
                : {
                    title: 'No posts yet',
                    description:
                      'Be the first to share a sports moment, or follow people to see theirs.',
                  }
            }
          />
        </div>
        {isDesktop ? (
          <div className="min-w-0">
            <FeedSidebar />
          </div>
        ) : null}
      </div>
    </>
  );
}

/** On phones the right column would sit under an endless list: it opens from the top instead. */
function MobileSidebar() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cx(
          'flex h-11 items-center justify-between rounded-xl border border-slate-200 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm',
          focusRing,
        )}
      >
        Your profile and suggestions
        <ChevronDown
          className={cx('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div id={panelId} hidden={!open}>
        {open ? <FeedSidebar /> : null}
      </div>
    </div>
  );
}
