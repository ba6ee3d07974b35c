import { z } from 'zod';

/** A page of a list ordered newest first; pass `nextCursor` back as `cursor` for the next page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * What a cursor holds once decoded: `[createdAt, id]` of the last item seen, the time as
 * `toISOString` writes it. Only the server makes cursors, from rows' `created_at`, but they come
 * back from the caller: an id that is no UUID, or a time outside 1970–9999 (which PostgreSQL or
 * JavaScript cannot hold, e.g. year 0 or -271821), is refused here rather than by the database.
 */
export const cursorPositionSchema = z
  .tuple([
    z.iso.datetime({ precision: 3 }).refine((time) => time >= '1970-01-01T00:00:00.000Z'),
    z.uuid(),
  ])
  .transform(([createdAt, id]) => ({ createdAt: new Date(createdAt), id }));
