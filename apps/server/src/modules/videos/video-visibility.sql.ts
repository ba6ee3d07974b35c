import { type SQL, sql } from 'drizzle-orm';

/**
 * A post whose video is being processed is its author's alone until it is ready: the condition,
 * on the post's `status` (media_status) and `author` (user_id) as the caller's query names them,
 * for `viewer` (null: a visitor, who sees only what is ready).
 */
export function videoShownTo(post: { status: SQL; author: SQL }, viewer: SQL | null): SQL {
  return viewer
    ? sql`(${post.status} IS NULL OR ${post.author} = ${viewer})`
    : sql`${post.status} IS NULL`;
}
