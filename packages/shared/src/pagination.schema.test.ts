import { describe, expect, it } from 'vitest';

import { cursorPositionSchema } from './pagination.schema.ts';

const ID = '9d98e746-97e9-4e49-b09d-4f232255f8ff';

describe('cursorPositionSchema', () => {
  it('accepts the position the server writes, as a date', () => {
    const at = new Date('2026-11-02T10:20:30.456Z');
    expect(cursorPositionSchema.parse([at.toISOString(), ID])).toEqual({ createdAt: at, id: ID });
    expect(cursorPositionSchema.parse(['1970-01-01T00:00:00.000Z', ID]).createdAt.getTime()).toBe(
      0,
    );
    expect(cursorPositionSchema.safeParse(['9999-12-31T23:59:59.999Z', ID]).success).toBe(true);
  });

  it.each([
    ['an id of 36 dashes', ['2020-01-01T00:00:00.000Z', '-'.repeat(36)]],
    ['an id of 36 hex digits', ['2020-01-01T00:00:00.000Z', 'a'.repeat(36)]],
    ['an id in braces', ['2020-01-01T00:00:00.000Z', `{${ID}}`]],
    ['a time JavaScript holds and PostgreSQL does not', ['-271821-04-20T00:00:00.000Z', ID]],
    ['the year 0', ['0000-01-01T00:00:00.000Z', ID]],
    ['a time before 1970', ['1969-12-31T23:59:59.999Z', ID]],
    ['a year past 9999', ['+010000-01-01T00:00:00.000Z', ID]],
    ['a day that does not exist', ['2023-02-30T00:00:00.000Z', ID]],
    ['a date without a time', ['2020-01-01', ID]],
    ['a time with an offset', ['2020-01-01T00:00:00.000+01:00', ID]],
    ['a number for the time', [0, ID]],
    ['a third element', ['2020-01-01T00:00:00.000Z', ID, 'x']],
    ['one element', ['2020-01-01T00:00:00.000Z']],
    ['an object', { createdAt: '2020-01-01T00:00:00.000Z', id: ID }],
    ['nothing', undefined],
  ])('refuses %s', (_what, value) => {
    expect(cursorPositionSchema.safeParse(value).success).toBe(false);
  });
});
