import type { FeedItem } from '@arena/shared/post.schema';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import type { FocusEvent, KeyboardEvent } from 'react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { afterNextPaint } from '../first-paint.ts';
import { PostCard } from '../post-card.tsx';
import { feedKeyMove, focusBeside, isEditable, withPinnedRow } from './feed-keyboard.ts';
import { recallList, rememberList } from './list-memory.ts';
import { useDocumentTop } from './use-document-top.ts';
import { usePauseHiddenVideos } from './use-pause-hidden-videos.ts';

/** The space between cards (the list's former gap-4). */
const GAP = 16;
/** Rows rendered past each edge of the window, so that the next Tab stop is always there. */
const OVERSCAN = 4;
/**
 * Rows past each edge in the list's first render, until it has been painted: the posts on screen
 * paint sooner, and the rest follow in a task of their own.
 */
const FIRST_OVERSCAN = 1;

/**
 * A card's height before it is measured. Close guesses keep the scrollbar steady while
 * unmeasured rows come into view; every rendered row is measured and corrected.
 */
export function estimateCardHeight(item: FeedItem): number {
  const lines = item.post.content
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 75)), 0);
  return (
    192 +
    Math.min(lines, 40) * 24 +
    (item.post.mediaUrl ? 420 : 0) +
    (item.kind === 'repost' ? 24 : 0)
  );
}

/**
 * A feed of posts as the WAI-ARIA feed pattern: each article knows its place (aria-posinset)
 * among those loaded (aria-setsize), the feed is aria-busy while it loads, Page Down / Page Up
 * go from article to article and Control+End / Control+Home leave the feed.
 *
 * Only the cards near the window are in the page (window-level virtualisation): a thousand
 * loaded posts cost what twenty do. Cards are measured as they render and whenever they change
 * size (comments opening). The card focus is in stays rendered when it scrolls away, and
 * entries arriving above the reader do not move what they are looking at. Measured heights,
 * open comments and the list's place are remembered when it unmounts, so that coming back
 * (browser Back) lands on the same posts. See docs/decisions/0031.
 */
export function VirtualFeed({
  id,
  items,
  label,
  busy,
}: {
  /** Which list this is (a sport's feed, a profile's posts); what it remembers goes under it. */
  id: string;
  items: FeedItem[];
  label: string;
  busy: boolean;
}) {
  const [memory] = useState(() => recallList(id));
  const containerRef = useRef<HTMLDivElement>(null);
  const listTop = useDocumentTop(containerRef, memory?.top ?? 0);
  const [openComments, setOpenComments] = useState<ReadonlySet<string>>(
    () => new Set(memory?.openComments),
  );
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const pendingFocus = useRef<number | null>(null);
  usePauseHiddenVideos(containerRef);
  const overscan = useOverscanAfterPaint();

  const indexOfKey = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);
  const pinned = focusedKey === null ? null : (indexOfKey.get(focusedKey) ?? null);
  const rangeExtractor = useCallback(
    (range: Range) => withPinnedRow(defaultRangeExtractor(range), pinned),
    [pinned],
  );
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const estimateSize = useCallback(
    (index: number) => {
      const item = items[index];
      return item ? estimateCardHeight(item) : 300;
    },
    [items],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    getItemKey,
    estimateSize,
    overscan,
    gap: GAP,
    scrollMargin: listTop,
    rangeExtractor,
    initialMeasurementsCache: memory?.sizes,
    // Reading inside the list, entries that arrive above (a refetch with newer posts) keep
    // the entry at the top of the window where it is: the virtualiser's 'end' anchoring. With
    // the list's start on screen they push the list down instead, as on any page (one's own
    // new post shows under the composer).
    anchorTo: window.scrollY > listTop ? 'end' : 'start',
    // ...without the chat-like part of 'end' anchoring, which keeps the bottom in view when a
    // card at the end grows (the distance to the end is never below zero).
    scrollEndThreshold: -1,
  });

  const toggleComments = useCallback((key: string) => {
    setOpenComments((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  // What to remember when the list goes (see ListMemory).
  const latest = useRef({ openComments, listTop });
  useEffect(() => {
    latest.current = { openComments, listTop };
  });
  useEffect(() => {
    const state = latest;
    return () => {
      rememberList(id, {
        sizes: virtualizer.takeSnapshot(),
        openComments: [...state.current.openComments],
        top: state.current.listTop,
      });
    };
  }, [id, virtualizer]);

  const articleAt = (index: number) =>
    containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`) ?? null;
  const focusArticle = (article: HTMLElement) => {
    article.focus({ preventScroll: true });
    article.scrollIntoView({ block: 'start' });
  };
  // Page Down to an article that was not rendered yet: it is scrolled to, then focused here.
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const article = articleAt(pendingFocus.current);
    if (!article) return;
    pendingFocus.current = null;
    focusArticle(article);
  });

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest<HTMLElement>('[data-key]');
    setFocusedKey(row?.dataset.key ?? null);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const container = event.currentTarget;
    // Focus still inside after the event (or the window merely lost focus): keep the row.
    requestAnimationFrame(() => {
      if (!container.contains(document.activeElement)) setFocusedKey(null);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || isEditable(event.target)) return;
    const row = (event.target as Element).closest<HTMLElement>('[data-index]');
    if (!row || !containerRef.current) return;
    const move = feedKeyMove(event, Number(row.dataset.index), items.length);
    if (!move) return;
    event.preventDefault();
    if (move.to !== 'article') {
      focusBeside(containerRef.current, move.to);
      return;
    }
    const article = articleAt(move.index);
    if (article) {
      focusArticle(article);
    } else {
      pendingFocus.current = move.index;
      virtualizer.scrollToIndex(move.index, { align: 'start' });
    }
  };

  return (
    <div
      ref={containerRef}
      role="feed"
      aria-label={label}
      aria-busy={busy}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      // Rows are placed by the virtualiser, which also corrects the scroll when they change
      // size; the browser's own scroll anchoring must not correct it a second time.
      className="relative [overflow-anchor:none]"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            data-key={item.key}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <FeedRow
              item={item}
              posInSet={row.index + 1}
              setSize={items.length}
              commentsOpen={openComments.has(item.key)}
              onToggleComments={toggleComments}
            />
          </div>
        );
      })}
    </div>
  );
}

/** FIRST_OVERSCAN, then OVERSCAN once the first frame with the list has been painted. */
function useOverscanAfterPaint(): number {
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  useEffect(() => afterNextPaint(() => setOverscan(OVERSCAN)), []);
  return overscan;
}

/** One card; rendered again only when its own data changes, not at every scroll step. */
const FeedRow = memo(function FeedRow({
  item,
  posInSet,
  setSize,
  commentsOpen,
  onToggleComments,
}: {
  item: FeedItem;
  posInSet: number;
  setSize: number;
  commentsOpen: boolean;
  onToggleComments: (key: string) => void;
}) {
  const position = useMemo(() => ({ posInSet, setSize }), [posInSet, setSize]);
  const comments = useMemo(
    () => ({ open: commentsOpen, onToggle: () => onToggleComments(item.key) }),
    [commentsOpen, onToggleComments, item.key],
  );
  // The first entry's photo is the page's largest paint: it loads at once.
  return <PostCard item={item} position={position} comments={comments} priority={posInSet === 1} />;
});
