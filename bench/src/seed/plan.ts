import { createPeople, type People } from './people.ts';
import type { Preset } from './presets.ts';
import { apportion, idFactory, Random, WeightedIndex } from './random.ts';
import { SEED_SPORTS } from './words.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The data covers the two years before the anchor. */
export const SPAN = 730 * DAY;

/**
 * The skeleton of the network, decided before any row is written: who joined when, who is
 * popular and who is active, every post's author, time and counts, the conversations and the
 * offers. Rows are streamed from it table by table, so the counters stored in a row (a post's
 * likes) are known before the rows they count (the likes).
 */
export interface Plan {
  preset: Preset;
  seed: string;
  anchor: number;
  start: number;
  people: People;
  ids: Record<IdKind, (index: number) => string>;
  users: {
    createdAt: Float64Array;
    /** How much others follow, like and message them (Zipf over a random ranking). */
    popularity: Float64Array;
    /** How much they post, follow, like and comment (log-normal). */
    activity: Float64Array;
    followsOut: Int32Array;
    profileViews: Int32Array;
  };
  posts: {
    count: number;
    author: Int32Array;
    createdAt: Float64Array;
    sport: Uint8Array;
    likes: Int32Array;
    comments: Int32Array;
    reposts: Int32Array;
  };
  conversations: {
    count: number;
    a: Int32Array;
    b: Int32Array;
    createdAt: Float64Array;
    messages: Int32Array;
  };
  offers: {
    count: number;
    poster: Int32Array;
    createdAt: Float64Array;
    applications: Int32Array;
  };
  players: Int32Array;
  admins: Int32Array;
  popularityIndex: WeightedIndex;
  activityIndex: WeightedIndex;
}

export type IdKind =
  | 'user'
  | 'profile'
  | 'post'
  | 'comment'
  | 'repost'
  | 'follow'
  | 'conversation'
  | 'message'
  | 'offer'
  | 'application'
  | 'career'
  | 'award'
  | 'verification'
  | 'adminAction'
  | 'camp'
  | 'campRegistration'
  | 'scholarship';

const ID_KINDS: IdKind[] = [
  'user',
  'profile',
  'post',
  'comment',
  'repost',
  'follow',
  'conversation',
  'message',
  'offer',
  'application',
  'career',
  'award',
  'verification',
  'adminAction',
  'camp',
  'campRegistration',
  'scholarship',
];

/** How many members had joined by `time` (join times are sorted). */
export function joinedBy(createdAt: Float64Array, time: number): number {
  let lo = 0;
  let hi = createdAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((createdAt[mid] as number) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A time between `from` and the anchor, usually soon after `from` (mean `mean` ms). */
export function after(random: Random, from: number, mean: number, anchor: number): number {
  const t = from + random.exponential(mean);
  if (t <= anchor) return Math.round(t);
  return Math.round(from + (anchor - from) * random.next());
}

export function createPlan(preset: Preset, seed: string, anchor: number): Plan {
  const start = anchor - SPAN;
  const people = createPeople(preset, seed);
  const n = preset.users;
  const ids = Object.fromEntries(ID_KINDS.map((kind) => [kind, idFactory(seed, kind)])) as Record<
    IdKind,
    (index: number) => string
  >;

  // Members join over the two years, more of them lately: the network grows.
  const random = Random.stream(seed, 'plan/users');
  const createdAt = new Float64Array(n);
  const joinSpan = SPAN - DAY;
  for (let i = 0; i < n; i++) {
    createdAt[i] = Math.round(
      start + joinSpan * Math.sqrt((i + (i === 0 ? 0 : random.next())) / n),
    );
  }

  const ranking = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [ranking[i], ranking[j]] = [ranking[j] as number, ranking[i] as number];
  }
  const popularity = new Float64Array(n);
  const activity = new Float64Array(n);
  const TYPE_PULL = [1, 1.6, 1.6, 3]; // player, agent, coach, club
  for (let rank = 0; rank < n; rank++) {
    const i = ranking[rank] as number;
    const type = people.type[i] as number;
    popularity[i] =
      Math.pow(rank + 1, -0.85) * (TYPE_PULL[type] as number) * (people.verified[i] ? 2 : 1);
  }
  for (let i = 0; i < n; i++) {
    activity[i] = random.logNormal(1, 1) * (people.type[i] === 0 ? 1 : 0.7);
  }
  const popularityIndex = new WeightedIndex(popularity);
  const activityIndex = new WeightedIndex(activity);

  const followsOut = apportion(
    Random.stream(seed, 'plan/follows'),
    activity,
    preset.follows,
    () => n - 1,
  );
  const profileViews = apportion(
    Random.stream(seed, 'plan/views'),
    popularity,
    preset.profileViews,
    () => Number.MAX_SAFE_INTEGER,
  );

  const posts = planPosts(preset, seed, start, anchor, people, createdAt, activity, popularity);
  const conversations = planConversations(
    preset,
    seed,
    anchor,
    createdAt,
    activityIndex,
    popularityIndex,
  );

  const players: number[] = [];
  const admins: number[] = [];
  const posters: number[] = [];
  for (let i = 0; i < n; i++) {
    if (people.type[i] === 0) players.push(i);
    if (people.admin[i]) admins.push(i);
    if (people.verified[i] || people.admin[i]) posters.push(i);
  }
  // Players apply to offers of their own sport: an offer draws at most as many applications as
  // its sport has players (the poster aside).
  const playersOfSport = new Int32Array(SEED_SPORTS.length);
  for (const i of players) {
    const sport = people.sport[i] as number;
    playersOfSport[sport] = (playersOfSport[sport] as number) + 1;
  }
  const offers = planOffers(preset, seed, anchor, createdAt, posters, popularity, (poster) => {
    const sport = people.sport[poster] as number;
    return (playersOfSport[sport] as number) - (people.type[poster] === 0 ? 1 : 0);
  });

  return {
    preset,
    seed,
    anchor,
    start,
    people,
    ids,
    users: { createdAt, popularity, activity, followsOut, profileViews },
    posts,
    conversations,
    offers,
    players: Int32Array.from(players),
    admins: Int32Array.from(admins),
    popularityIndex,
    activityIndex,
  };
}

function planPosts(
  preset: Preset,
  seed: string,
  start: number,
  anchor: number,
  people: People,
  joined: Float64Array,
  activity: Float64Array,
  popularity: Float64Array,
): Plan['posts'] {
  const random = Random.stream(seed, 'plan/posts');
  const count = preset.posts;
  const n = preset.users;
  const activityIndex = new WeightedIndex(activity);

  // Posting grows with the network: times are drawn with a rising density, then sorted, so
  // rows are written oldest first as a live table would have them.
  const times = new Float64Array(count);
  for (let j = 0; j < count; j++) times[j] = start + (anchor - start) * Math.sqrt(random.next());
  times.sort();

  const author = new Int32Array(count);
  const createdAt = new Float64Array(count);
  const sport = new Uint8Array(count);
  const score = new Float64Array(count);
  for (let j = 0; j < count; j++) {
    const t = times[j] as number;
    // Only members who had joined by then can post, the active ones more often.
    const i = activityIndex.draw(random, joinedBy(joined, t));
    author[j] = i;
    createdAt[j] = Math.round(Math.max(t, (joined[i] as number) + MINUTE));
    // Players now and then post about another sport; an organisation, about its own.
    const other = random.int(0, SEED_SPORTS.length - 1);
    sport[j] = people.type[i] !== 0 || random.chance(0.8) ? (people.sport[i] as number) : other;
    // Popular authors draw the likes and comments; some posts take off regardless.
    score[j] = Math.pow(popularity[i] as number, 0.7) * random.logNormal(1, 0.9);
  }
  return {
    count,
    author,
    createdAt,
    sport,
    likes: apportion(Random.stream(seed, 'plan/likes'), score, preset.likes, () => n - 1),
    comments: apportion(
      Random.stream(seed, 'plan/comments'),
      score,
      preset.comments,
      () => Number.MAX_SAFE_INTEGER,
    ),
    reposts: apportion(Random.stream(seed, 'plan/reposts'), score, preset.reposts, () => n - 1),
  };
}

function planConversations(
  preset: Preset,
  seed: string,
  anchor: number,
  joined: Float64Array,
  activityIndex: WeightedIndex,
  popularityIndex: WeightedIndex,
): Plan['conversations'] {
  const random = Random.stream(seed, 'plan/conversations');
  const n = preset.users;
  // One conversation per pair, at most; small networks cannot have more pairs than exist.
  const count = Math.min(preset.conversations, Math.floor((n * (n - 1)) / 2));
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const createdAt = new Float64Array(count);
  const seen = new Set<number>();
  for (let c = 0; c < count;) {
    // Active members start conversations, often with popular ones.
    const x = activityIndex.draw(random);
    const y = random.chance(0.6) ? popularityIndex.draw(random) : activityIndex.draw(random);
    if (x === y) continue;
    const key = Math.min(x, y) * n + Math.max(x, y);
    if (seen.has(key)) continue;
    seen.add(key);
    a[c] = x;
    b[c] = y;
    createdAt[c] = after(
      random,
      Math.max(joined[x] as number, joined[y] as number),
      90 * DAY,
      anchor,
    );
    c++;
  }
  const weights = Float64Array.from({ length: count }, () => random.logNormal(1, 1.1));
  const messages = apportion(
    Random.stream(seed, 'plan/messages'),
    weights,
    preset.messages,
    () => Number.MAX_SAFE_INTEGER,
  );
  return { count, a, b, createdAt, messages };
}

function planOffers(
  preset: Preset,
  seed: string,
  anchor: number,
  joined: Float64Array,
  posters: number[],
  popularity: Float64Array,
  applicantsFor: (poster: number) => number,
): Plan['offers'] {
  const random = Random.stream(seed, 'plan/offers');
  const count = posters.length > 0 ? preset.offers : 0;
  const posterIndex = new WeightedIndex(posters.map((i) => popularity[i] as number));
  const poster = new Int32Array(count);
  const createdAt = new Float64Array(count);
  for (let o = 0; o < count; o++) {
    const i = posters[posterIndex.draw(random)] as number;
    poster[o] = i;
    // Offers are recent: the last year, newer ones more often.
    const from = Math.max(joined[i] as number, anchor - 365 * DAY);
    createdAt[o] = Math.round(from + (anchor - from) * Math.sqrt(random.next()));
  }
  const weights = Float64Array.from({ length: count }, () => random.logNormal(1, 1));
  // An applicant applies once per offer, and never to their own.
  const applications = apportion(
    Random.stream(seed, 'plan/applications'),
    weights,
    count > 0 ? preset.applications : 0,
    (o) => applicantsFor(poster[o] as number),
  );
  return { count, poster, createdAt, applications };
}
