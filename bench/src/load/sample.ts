import type { SeedConnection } from '../seed/connection.ts';

/** A member the bench signs in as. */
export interface BenchUser {
  email: string;
  userId: string;
  profileId: string;
  username: string;
}

/** What the scenarios use, drawn from the seeded data before the server starts. */
export interface BenchSample {
  users: BenchUser[];
  /** A conversation each of these users takes part in (index into `users`). */
  conversations: { user: number; conversationId: string }[];
  /** Profiles to open: mostly anyone, some of the most followed. */
  usernames: string[];
  /** Those of `usernames` that are clubs, agents or coaches: their page shows the organisation, not a CV. */
  organizations: Set<string>;
  /** The most followed members, most followed first. */
  popularUsernames: string[];
  /** What people type in the search box: parts of names, a few two-letter prefixes. */
  searchTerms: string[];
  /** The members of `users` who are athletes (indexes into `users`): they have a CV. */
  athletes: number[];
  /** The members of `users` who are verified organisations (indexes into `users`). */
  scouts: number[];
  /**
   * What scouts filter by: positions and nationalities the athletes wrote, and places they live
   * (a country with one of its cities, so the two filters together still find someone).
   */
  scoutTerms: {
    positions: string[];
    nationalities: string[];
    places: { country: string; city: string }[];
  };
  /** Recent posts, where the likes happen. */
  postIds: string[];
  /** Pairs of members in a conversation, for the realtime scenario. */
  realtime: { users: BenchUser[]; pairs: { conversationId: string; a: number; b: number }[] };
  /** Rows per table, for the report. */
  counts: Record<string, number>;
}

const userColumns = `u.email, u.id AS "userId", p.id AS "profileId", p.username`;

/**
 * Deterministic "random" order: the same data gives the same sample, so runs compare.
 * md5 of the id spreads rows evenly without a random() that changes every run.
 */
const shuffled = (column: string) => `md5(${column}::text || 'bench')`;

export async function drawSample(
  db: SeedConnection,
  sizes: { users: number; sockets: number },
): Promise<BenchSample> {
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'posts',
    'follows',
    'likes',
    'comments',
    'reposts',
    'conversations',
    'messages',
    'athlete_offers',
    'offer_applications',
  ]) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row?.n ?? 0;
  }

  // Conversations the minor rules leave alone (issue 25: an adult outside a verified
  // organisation and a minor cannot exchange messages; the seed writes conversations directly).
  const noMinor = `NOT EXISTS (SELECT 1 FROM profiles pm
      LEFT JOIN athlete_profiles am ON am.profile_id = pm.id
      WHERE pm.id IN (c.user1_id, c.user2_id) AND pm.user_type = 'player'
        AND (am.birthdate IS NULL OR am.birthdate > current_date - interval '18 years'))`;

  // A quarter of the signed-in members are chosen for having a conversation with messages.
  const talkers = await db.query<BenchUser & { conversationId: string }>(
    `SELECT DISTINCT ON (p.id) ${userColumns}, c.id AS "conversationId"
       FROM (SELECT * FROM conversations c
              WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)
                AND ${noMinor}
              ORDER BY ${shuffled('c.id')} LIMIT $1) c
       JOIN profiles p ON p.id = c.user1_id
       JOIN users u ON u.id = p.user_id
      ORDER BY p.id`,
    [Math.ceil(sizes.users / 4)],
  );
  const others = await db.query<BenchUser>(
    `SELECT ${userColumns} FROM profiles p JOIN users u ON u.id = p.user_id
      ORDER BY ${shuffled('p.id')} LIMIT $1`,
    [sizes.users],
  );
  const users: BenchUser[] = [];
  const conversations: BenchSample['conversations'] = [];
  const seen = new Set<string>();
  for (const talker of talkers) {
    seen.add(talker.profileId);
    conversations.push({ user: users.length, conversationId: talker.conversationId });
    users.push({
      email: talker.email,
      userId: talker.userId,
      profileId: talker.profileId,
      username: talker.username,
    });
  }
  // Verified clubs, agents and coaches: the scouts of the scout scenario (issue 24).
  const verified = await db.query<BenchUser>(
    `SELECT ${userColumns} FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.verified AND p.user_type <> 'player' ORDER BY ${shuffled('p.id')} LIMIT $1`,
    [Math.min(20, Math.ceil(sizes.users / 10))],
  );
  const scouts: number[] = [];
  for (const user of verified) {
    if (seen.has(user.profileId)) continue;
    seen.add(user.profileId);
    scouts.push(users.length);
    users.push(user);
  }
  for (const user of others) {
    if (users.length >= sizes.users) break;
    if (seen.has(user.profileId)) continue;
    seen.add(user.profileId);
    users.push(user);
  }

  const popular = await db.query<{ username: string }>(
    `SELECT p.username FROM profiles p
       JOIN (SELECT following_id, count(*) AS n FROM follows GROUP BY following_id ORDER BY n DESC LIMIT 100) f
         ON f.following_id = p.id
      ORDER BY f.n DESC`,
  );
  const anyone = await db.query<{ username: string }>(
    `SELECT username FROM profiles ORDER BY ${shuffled('id')} LIMIT 400`,
  );
  const usernames = [...anyone, ...popular].map((row) => row.username);
  const organizationRows = await db.query<{ username: string }>(
    `SELECT username FROM profiles WHERE user_type <> 'player' AND username = ANY($1)`,
    [usernames],
  );
  const organizations = new Set(organizationRows.map((row) => row.username));

  const names = await db.query<{ full_name: string }>(
    `SELECT full_name FROM profiles ORDER BY ${shuffled('id')} LIMIT 300`,
  );
  const searchTerms: string[] = [];
  names.forEach((row, k) => {
    const words = row.full_name
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length >= 3);
    const word = words[k % words.length] ?? row.full_name.toLowerCase();
    // Most searches are a few letters of a name; one in ten is the two-letter start of one.
    searchTerms.push(k % 10 === 0 ? word.slice(0, 2) : word.slice(0, 3 + (k % 3)));
  });

  const recent = await db.query<{ id: string }>(
    `SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 500`,
  );

  const pairs = await db.query<{ conversationId: string; user1: string; user2: string }>(
    `SELECT c.id AS "conversationId", c.user1_id AS user1, c.user2_id AS user2
       FROM conversations c WHERE ${noMinor} ORDER BY ${shuffled('c.id')} LIMIT $1`,
    [sizes.sockets],
  );
  const realtimeUsers: BenchUser[] = [];
  const slot = new Map<string, number>();
  const realtimePairs: BenchSample['realtime']['pairs'] = [];
  const wanted = new Set<string>();
  for (const pair of pairs) {
    if (wanted.size + 2 > sizes.sockets && !(wanted.has(pair.user1) && wanted.has(pair.user2)))
      break;
    wanted.add(pair.user1);
    wanted.add(pair.user2);
  }
  if (wanted.size > 0) {
    const rows = await db.query<BenchUser>(
      `SELECT ${userColumns} FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($1::uuid[])`,
      [[...wanted]],
    );
    for (const row of rows) {
      slot.set(row.profileId, realtimeUsers.length);
      realtimeUsers.push(row);
    }
    for (const pair of pairs) {
      const a = slot.get(pair.user1);
      const b = slot.get(pair.user2);
      if (a !== undefined && b !== undefined)
        realtimePairs.push({ conversationId: pair.conversationId, a, b });
    }
  }

  const athleteRows = await db.query<{ profileId: string }>(
    `SELECT id AS "profileId" FROM profiles WHERE user_type = 'player' AND id = ANY($1::uuid[])`,
    [users.map((user) => user.profileId)],
  );
  const athleteIds = new Set(athleteRows.map((row) => row.profileId));
  const athletes = users.flatMap((user, index) => (athleteIds.has(user.profileId) ? [index] : []));

  const positionRows = await db.query<{ term: string }>(
    `SELECT DISTINCT lower(main_position) AS term FROM athlete_profiles
      WHERE main_position IS NOT NULL ORDER BY 1 LIMIT 40`,
  );
  const nationalityRows = await db.query<{ term: string }>(
    `SELECT DISTINCT lower(btrim(split_part(nationalities, ',', 1))) AS term FROM athlete_profiles
      WHERE nationalities IS NOT NULL ORDER BY 1 LIMIT 40`,
  );
  const places = await db.query<{ country: string; city: string }>(
    `SELECT DISTINCT country, city FROM athlete_profiles
      WHERE country IS NOT NULL AND city IS NOT NULL ORDER BY 1, 2 LIMIT 40`,
  );

  return {
    users,
    athletes,
    scouts,
    scoutTerms: {
      positions: positionRows.map((row) => row.term),
      nationalities: nationalityRows.map((row) => row.term),
      places,
    },
    conversations,
    usernames,
    organizations,
    popularUsernames: popular.map((row) => row.username),
    searchTerms,
    postIds: recent.map((row) => row.id),
    realtime: { users: realtimeUsers, pairs: realtimePairs },
    counts,
  };
}
