import { MESSAGES } from '@arena/shared/messages';

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

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      const createdAt = new Date(value[0]);
      if (!Number.isNaN(createdAt.getTime()) && /^[0-9a-f-]{36}$/.test(value[1])) {
        return { createdAt, id: value[1] };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('bad_request', `${MESSAGES.invalidRequest} (cursor)`);
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
