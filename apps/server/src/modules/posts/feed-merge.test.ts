import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { mergePage, type Timed } from './feed-merge.ts';

const at = (minute: number, id: string): Timed => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  id,
});

describe('mergePage', () => {
  it('merges by time, newest first, and cuts to the page size', () => {
    const posts = [at(50, 'p5'), at(40, 'p4'), at(30, 'p3')];
    const reposts = [at(45, 'r2'), at(35, 'r1')];
    const page = mergePage(
      [
        { items: posts, limit: 20 },
        { items: reposts, limit: 10 },
      ],
      4,
    );
    expect(page.items.map((i) => i.id)).toEqual(['p5', 'r2', 'p4', 'r1']);
    expect(page.more).toBe(true);
  });

  it('stops at the oldest item of a full source, so the next page misses nothing', () => {
    const posts = [at(59, 'p4'), at(58, 'p3'), at(10, 'p2'), at(9, 'p1')];
    // Two reposts asked for, two came back: there may be more between minute 50 and minute 10.
    const reposts = [at(55, 'r9'), at(50, 'r8')];
    const page = mergePage(
      [
        { items: posts, limit: 20 },
        { items: reposts, limit: 2 },
      ],
      20,
    );
    expect(page.items.map((i) => i.id)).toEqual(['p4', 'p3', 'r9', 'r8']);
    expect(page.more).toBe(true);
  });

  it('says there is nothing more when no source was full and all fitted', () => {
    const page = mergePage(
      [
        { items: [at(3, 'a')], limit: 20 },
        { items: [], limit: 10 },
      ],
      20,
    );
    expect(page).toEqual({ items: [at(3, 'a')], more: false });
  });

  it('pages through any two sources without gaps or repeats (property)', () => {
    const timed = fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 60 });
    fc.assert(
      fc.property(
        timed,
        timed,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 10 }),
        (a, b, limitA, limitB, pageSize) => {
          const all = (values: number[], prefix: string) =>
            values.map((minute, index) => at(minute, `${prefix}${String(index).padStart(3, '0')}`));
          const left = all(a, 'a').sort(
            (x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1),
          );
          const right = all(b, 'b').sort(
            (x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1),
          );
          const olderThan = (cursor: Timed | null) => (item: Timed) =>
            !cursor ||
            item.at < cursor.at ||
            (item.at.getTime() === cursor.at.getTime() && item.id < cursor.id);

          const seen: string[] = [];
          let cursor: Timed | null = null;
          for (let guard = 0; guard < 500; guard += 1) {
            const page: { items: Timed[]; more: boolean } = mergePage(
              [
                { items: left.filter(olderThan(cursor)).slice(0, limitA), limit: limitA },
                { items: right.filter(olderThan(cursor)).slice(0, limitB), limit: limitB },
              ],
              pageSize,
            );
            seen.push(...page.items.map((item) => item.id));
            if (!page.more || page.items.length === 0) break;
            cursor = page.items[page.items.length - 1] ?? null;
          }
          const expected = [...left, ...right]
            .sort((x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1))
            .map((item) => item.id);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
