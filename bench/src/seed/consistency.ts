import type { SeedConnection } from './connection.ts';

/**
 * Every value the schema stores that could be counted or derived from other rows, with a query
 * that returns how many rows disagree. Run after seeding (and by the test): all must be 0.
 */
export const CONSISTENCY_CHECKS: { name: string; sql: string }[] = [
  {
    name: 'posts.likes_count = likes rows',
    sql: `SELECT count(*)::int AS n FROM posts p
          LEFT JOIN (SELECT post_id, count(*) AS c FROM likes GROUP BY post_id) x ON x.post_id = p.id
          WHERE p.likes_count <> coalesce(x.c, 0)`,
  },
  {
    name: 'posts.comments_count = comments rows',
    sql: `SELECT count(*)::int AS n FROM posts p
          LEFT JOIN (SELECT post_id, count(*) AS c FROM comments GROUP BY post_id) x ON x.post_id = p.id
          WHERE p.comments_count <> coalesce(x.c, 0)`,
  },
  {
    name: 'posts.reposts_count = reposts rows',
    sql: `SELECT count(*)::int AS n FROM posts p
          LEFT JOIN (SELECT post_id, count(*) AS c FROM reposts GROUP BY post_id) x ON x.post_id = p.id
          WHERE p.reposts_count <> coalesce(x.c, 0)`,
  },
  {
    name: 'athlete_offers.application_count = offer_applications rows',
    sql: `SELECT count(*)::int AS n FROM athlete_offers o
          LEFT JOIN (SELECT offer_id, count(*) AS c FROM offer_applications GROUP BY offer_id) x ON x.offer_id = o.id
          WHERE o.application_count <> coalesce(x.c, 0)`,
  },
  {
    name: 'camps.booked_count = booked camp_registrations rows',
    sql: `SELECT count(*)::int AS n FROM camps c
          LEFT JOIN (SELECT camp_id, count(*) AS b FROM camp_registrations WHERE status = 'booked'
            GROUP BY camp_id) x ON x.camp_id = c.id
          WHERE c.booked_count <> coalesce(x.b, 0)`,
  },
  {
    name: 'every scholarship has its scholarships row, and nothing else does',
    sql: `SELECT count(*)::int AS n FROM athlete_offers o
          FULL JOIN scholarships s ON s.offer_id = o.id
          WHERE (o.kind = 'scholarship') IS DISTINCT FROM (s.offer_id IS NOT NULL)`,
  },
  {
    name: 'profiles.profile_views = profile_views rows',
    sql: `SELECT count(*)::int AS n FROM profiles p
          LEFT JOIN (SELECT profile_id, count(*) AS c FROM profile_views GROUP BY profile_id) x ON x.profile_id = p.id
          WHERE p.profile_views <> coalesce(x.c, 0)`,
  },
  {
    name: 'conversations.last_message_at = newest message (or creation)',
    sql: `SELECT count(*)::int AS n FROM conversations c
          LEFT JOIN (SELECT conversation_id, max(created_at) AS last FROM messages GROUP BY conversation_id) x
            ON x.conversation_id = c.id
          WHERE c.last_message_at <> coalesce(x.last, c.created_at)`,
  },
  {
    name: 'messages sent by a participant of their conversation',
    sql: `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.sender_id NOT IN (c.user1_id, c.user2_id)`,
  },
  {
    name: 'every profile has its account, every account its profile',
    sql: `SELECT (SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id))::int
               + (SELECT count(*) FROM profiles p WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id))::int AS n`,
  },
  {
    name: 'verified agents, coaches and clubs (not admins) have an approved request',
    sql: `SELECT count(*)::int AS n FROM profiles p
          WHERE p.verified AND p.user_type <> 'player'
            AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id AND r.role = 'admin')
            AND NOT EXISTS (SELECT 1 FROM verification_requests v WHERE v.profile_id = p.id AND v.status = 'approved')`,
  },
  {
    name: 'nothing happens before its author joined',
    sql: `SELECT ((SELECT count(*) FROM posts x JOIN profiles p ON p.id = x.user_id WHERE x.created_at < p.created_at)
               + (SELECT count(*) FROM follows f JOIN profiles p ON p.id = f.follower_id WHERE f.created_at < p.created_at)
               + (SELECT count(*) FROM likes l JOIN posts x ON x.id = l.post_id WHERE l.created_at < x.created_at))::int AS n`,
  },
];

export interface CheckResult {
  name: string;
  mismatches: number;
}

export async function checkConsistency(connection: SeedConnection): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of CONSISTENCY_CHECKS) {
    const [row] = await connection.query<{ n: number }>(check.sql);
    results.push({ name: check.name, mismatches: row?.n ?? -1 });
  }
  return results;
}
