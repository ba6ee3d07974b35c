import { describe, expect, it } from 'vitest';

import { isoTimestampOf } from './prepared-rows.ts';

describe('isoTimestampOf', () => {
  it('rewrites the UTC text PostgreSQL writes into the API form, milliseconds always present', () => {
    expect(isoTimestampOf('2026-11-01 12:00:00+00')).toBe('2026-11-01T12:00:00.000Z');
    expect(isoTimestampOf('2026-11-01 12:00:00.1+00')).toBe('2026-11-01T12:00:00.100Z');
    expect(isoTimestampOf('2026-11-01 12:00:00.123+00')).toBe('2026-11-01T12:00:00.123Z');
    expect(isoTimestampOf('2026-11-01 12:00:00.123456+00')).toBe('2026-11-01T12:00:00.123Z');
  });

  it('reads any other offset through Date, and Dates as they are', () => {
    expect(isoTimestampOf('2026-11-01 13:00:00.5+01')).toBe('2026-11-01T12:00:00.500Z');
    expect(isoTimestampOf('2026-11-01 17:30:00+05:30')).toBe('2026-11-01T12:00:00.000Z');
    expect(isoTimestampOf(new Date('2026-11-01T12:00:00.000Z'))).toBe('2026-11-01T12:00:00.000Z');
  });

  it('refuses what is not a timestamp', () => {
    expect(() => isoTimestampOf(42)).toThrow(TypeError);
    expect(() => isoTimestampOf('yesterday')).toThrow(RangeError);
  });
});
