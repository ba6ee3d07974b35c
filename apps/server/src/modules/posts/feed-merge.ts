/** An item of a merged list, positioned by its time and its own id. */
export interface Timed {
  at: Date;
  id: string;
}

export interface Source<T extends Timed> {
  items: T[];
  /** How many were asked for: a full source may have more beyond its oldest item. */
  limit: number;
}

const newerFirst = (a: Timed, b: Timed) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** True when `a` comes at or before `b` in newest-first order. */
const notOlder = (a: Timed, b: Timed) => newerFirst(a, b) <= 0;

/**
 * Merges newest-first sources into one page of at most `pageSize` items.
 *
 * The spec's first page is "20 posts and 10 reposts, merged by time, cut to 20". To page on
 * without gaps, the page also stops at the oldest item of any source that came back full: past
 * that point the source may hold items that were never fetched. The next page starts strictly
 * after the page's last item, so nothing repeats either.
 */
export function mergePage<T extends Timed>(
  sources: Source<T>[],
  pageSize: number,
): { items: T[]; more: boolean } {
  const merged = sources.flatMap((source) => source.items).sort(newerFirst);
  const fullSourceEnds = sources
    .filter((source) => source.items.length >= source.limit && source.items.length > 0)
    .map((source) => source.items[source.items.length - 1] as T);
  // The newest of those ends bounds the page.
  const boundary = fullSourceEnds.sort(newerFirst)[0];
  const safe = boundary ? merged.filter((item) => notOlder(item, boundary)) : merged;
  const items = safe.slice(0, pageSize);
  const more = fullSourceEnds.length > 0 || merged.length > items.length;
  return { items, more };
}
