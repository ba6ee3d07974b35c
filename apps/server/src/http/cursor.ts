import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import { cursorPositionSchema } from '@arena/shared/pagination.schema';

import { AppError } from './app-error.ts';

/**
 * Keyset pagination over (created_at, id), newest first: a cursor is the position of the
 * last item seen, so pages never skip or repeat rows when new ones arrive.
 */
export interface Position {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString(
    'base64url',
  );
}

/**
 * What a cursor holds, read with `schema` (a list with an order of its own gives its own); a
 * cursor the server did not make is a 400.
 */
export function decodeCursorWith<T>(cursor: string | undefined, schema: z.ZodType<T>): T | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: refused below like any other cursor the schema does not accept.
  }
  const position = schema.safeParse(value);
  if (position.success) return position.data;
  throw new AppError('bad_request', `${MESSAGES.invalidRequest} (cursor)`);
}

/** The position a cursor stands for; a cursor the server did not make is a 400. */
export function decodeCursor(cursor: string | undefined): Position | null {
  return decodeCursorWith(cursor, cursorPositionSchema);
}

/** Fetch `limit + 1` rows; this trims the extra one and says where the next page starts. */
export function pageOf<T>(rows: T[], limit: number, position: (row: T) => Position) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(position(last)) : null,
  };
}
