import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';

import { exactMoment } from './relative-time.tsx';

describe('exactMoment', () => {
  it.each([
    ['2025-04-29T15:04:05', 'Apr 29, 2025, 3:04:05 PM'],
    ['2025-01-01T00:00:09', 'Jan 1, 2025, 12:00:09 AM'],
    ['2024-12-31T12:30:00', 'Dec 31, 2024, 12:30:00 PM'],
    ['2026-07-04T09:59:59', 'Jul 4, 2026, 9:59:59 AM'],
  ])('writes %s as %s, in the local time zone', (local, expected) => {
    expect(exactMoment(new Date(local))).toBe(expected);
  });

  it("agrees with date-fns' PPpp through a whole day", () => {
    const start = new Date('2025-03-09T00:00:00').getTime();
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const date = new Date(start + minute * 60_000 + 13_000);
      expect(exactMoment(date)).toBe(format(date, 'PPpp'));
    }
  });
});
