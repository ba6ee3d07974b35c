import type { SeedConnection } from '../seed/connection.ts';
import type { BenchUser } from './sample.ts';

/** A popular author and the post of theirs the scenario likes. */
export interface LikedAuthor extends BenchUser {
  postId: string;
}

/** What the notifications scenario uses, drawn before the server takes the database. */
export interface NotificationsSample {
  /** The most followed members who have a post, most followed first, each with their newest post. */
  authors: LikedAuthor[];
  /** Ordinary members: they hold the other sockets and do the liking. */
  members: BenchUser[];
  /** (member, post) pairs already liked in the seeded data: liking them again inserts nothing. */
  alreadyLiked: Set<string>;
  /** Members to ask a password reset for, one mail each (the per-address limit is 3 an hour). */
  mailEmails: string[];
}

const userColumns = `u.email, u.id AS "userId", p.id AS "profileId", p.username`;
/** The same deterministic order as sample.ts: runs on the same data compare. */
const shuffled = (column: string) => `md5(${column}::text || 'bench')`;

export const pairKey = (profileId: string, postId: string) => `${profileId}:${postId}`;

export async function drawNotificationsSample(
  db: SeedConnection,
  sizes: { authors: number; sockets: number; mails: number },
): Promise<NotificationsSample> {
  const authors = await db.query<LikedAuthor>(
    `SELECT ${userColumns}, newest.id AS "postId"
       FROM (SELECT following_id, count(*) AS n FROM follows GROUP BY following_id) f
       JOIN profiles p ON p.id = f.following_id
       JOIN users u ON u.id = p.user_id
       JOIN LATERAL (SELECT id FROM posts WHERE user_id = p.id
                      ORDER BY created_at DESC, id DESC LIMIT 1) newest ON true
      ORDER BY f.n DESC, p.id
      LIMIT $1`,
    [sizes.authors],
  );
  const authorIds = authors.map((author) => author.profileId);
  const members = await db.query<BenchUser>(
    `SELECT ${userColumns} FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE NOT (p.id = ANY($1::uuid[]))
      ORDER BY ${shuffled('p.id')} LIMIT $2`,
    [authorIds, Math.max(0, sizes.sockets - authors.length)],
  );
  const liked = await db.query<{ userId: string; postId: string }>(
    `SELECT user_id AS "userId", post_id AS "postId" FROM likes WHERE post_id = ANY($1::uuid[])`,
    [authors.map((author) => author.postId)],
  );
  // Any members: a reset request needs only the address (the reverse order: mostly others than the sockets').
  const mailRows = await db.query<{ email: string }>(
    `SELECT u.email FROM users u ORDER BY ${shuffled('u.id')} DESC LIMIT $1`,
    [sizes.mails],
  );
  return {
    authors,
    members,
    alreadyLiked: new Set(liked.map((row) => pairKey(row.userId, row.postId))),
    mailEmails: mailRows.map((row) => row.email),
  };
}

/** Notification rows of these authors' entries about these posts' likes (their group keys). */
export async function countLikeNotifications(
  query: SeedConnection['query'],
  authors: LikedAuthor[],
): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications
      WHERE recipient_id = ANY($1::uuid[]) AND group_key = ANY($2::text[])`,
    [authors.map((author) => author.profileId), authors.map((author) => `like:${author.postId}`)],
  );
  return row?.n ?? 0;
}
