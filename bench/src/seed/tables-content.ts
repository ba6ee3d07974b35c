import { CONTRACT_TYPES } from '@arena/shared/constants';

import { copyLine, timestamp } from './copy-format.ts';
import { placeOf, sportOf } from './people.ts';
import { after, DAY, type Plan } from './plan.ts';
import { Random, WeightedIndex } from './random.ts';
import { scholarshipTables } from './tables-listings.ts';
import { distinctDraws } from './tables-people.ts';
import type { TableLoad } from './tables.ts';
import { commentContent, fill, messageContent, postContent } from './text.ts';
import {
  AVAILABILITY,
  CITIES,
  CLUB_WORDS,
  OFFER_TITLES,
  SALARIES,
  SEED_SPORTS,
  type SeedSport,
  SPORT_WORDS,
  WHY_INTERESTED,
} from './words.ts';

const postSport = (plan: Plan, j: number) =>
  SEED_SPORTS[plan.posts.sport[j] as number] as SeedSport;

/** Posts and what hangs off them: likes, comments and reposts, skewed to the popular posts. */
export function postTables(plan: Plan): TableLoad[] {
  const { posts, ids, users } = plan;
  const n = plan.people.count;

  /** One row per distinct member, none the author, for `counts[j]` of post j. */
  function* reactions(
    name: string,
    counts: Int32Array,
    row: (random: Random, j: number, member: number, k: number) => string,
  ) {
    const random = Random.stream(plan.seed, `rows/${name}`);
    const chosen = new Set<number>();
    let k = 0;
    for (let j = 0; j < posts.count; j++) {
      chosen.clear();
      const author = posts.author[j] as number;
      for (const member of distinctDraws(random, counts[j] as number, n, author, chosen, () =>
        plan.activityIndex.draw(random),
      )) {
        yield row(random, j, member, k++);
      }
    }
  }

  const reactionTime = (random: Random, j: number, member: number, mean: number) =>
    timestamp(
      after(
        random,
        Math.max(posts.createdAt[j] as number, users.createdAt[member] as number),
        mean,
        plan.anchor,
      ),
    );

  return [
    {
      table: 'posts',
      columns: [
        'id',
        'user_id',
        'content',
        'sport',
        'likes_count',
        'comments_count',
        'reposts_count',
        'created_at',
      ],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/posts');
        for (let j = 0; j < posts.count; j++) {
          const sport = postSport(plan, j);
          const author = posts.author[j] as number;
          // An organisation's posts name its own city and team; a player's, anywhere.
          const place = plan.people.type[author] === 0 ? undefined : placeOf(plan.people, author);
          yield copyLine([
            ids.post(j),
            ids.profile(author),
            postContent(random, sport, place),
            sport,
            posts.likes[j] as number,
            posts.comments[j] as number,
            posts.reposts[j] as number,
            timestamp(posts.createdAt[j] as number),
          ]);
        }
      },
    },
    {
      table: 'likes',
      columns: ['user_id', 'post_id', 'created_at'],
      rows: () =>
        reactions('likes', posts.likes, (random, j, member) =>
          copyLine([ids.profile(member), ids.post(j), reactionTime(random, j, member, 2 * DAY)]),
        ),
    },
    {
      table: 'comments',
      columns: ['id', 'post_id', 'user_id', 'content', 'created_at'],
      *rows() {
        // Comments may repeat a member on one post: people reply to each other.
        const random = Random.stream(plan.seed, 'rows/comments');
        let k = 0;
        for (let j = 0; j < posts.count; j++) {
          const count = posts.comments[j] as number;
          for (let c = 0; c < count; c++) {
            const member = plan.activityIndex.draw(random);
            yield copyLine([
              ids.comment(k++),
              ids.post(j),
              ids.profile(member),
              commentContent(random, postSport(plan, j)),
              reactionTime(random, j, member, 3 * DAY),
            ]);
          }
        }
      },
    },
    {
      table: 'reposts',
      columns: ['id', 'user_id', 'post_id', 'created_at'],
      rows: () =>
        reactions('reposts', posts.reposts, (random, j, member, k) =>
          copyLine([
            ids.repost(k),
            ids.profile(member),
            ids.post(j),
            reactionTime(random, j, member, 5 * DAY),
          ]),
        ),
    },
  ];
}

/**
 * A conversation's message times, oldest first. Drawn from the conversation's own stream, so
 * the conversation row (last_message_at) and its messages agree without keeping them in memory.
 */
function messageTimes(plan: Plan, c: number): Float64Array {
  const random = Random.stream(plan.seed, `rows/message-times/${c}`);
  const count = plan.conversations.messages[c] as number;
  const start = plan.conversations.createdAt[c] as number;
  const end = start + (plan.anchor - start) * Math.pow(random.next(), 0.4);
  const times = new Float64Array(count);
  for (let m = 0; m < count; m++) times[m] = Math.round(start + (end - start) * random.next());
  return times.sort();
}

/** Conversations and their messages. The stored pair puts the smaller profile id first. */
export function messagingTables(plan: Plan): TableLoad[] {
  const { conversations, ids } = plan;
  const pair = (c: number) => {
    const a = ids.profile(conversations.a[c] as number);
    const b = ids.profile(conversations.b[c] as number);
    return a < b ? [a, b] : [b, a];
  };
  return [
    {
      table: 'conversations',
      columns: ['id', 'user1_id', 'user2_id', 'last_message_at', 'created_at'],
      *rows() {
        for (let c = 0; c < conversations.count; c++) {
          const created = conversations.createdAt[c] as number;
          const last = messageTimes(plan, c).at(-1) ?? created;
          const [user1, user2] = pair(c);
          yield copyLine([
            ids.conversation(c),
            user1 as string,
            user2 as string,
            timestamp(last),
            timestamp(created),
          ]);
        }
      },
    },
    {
      table: 'messages',
      columns: ['id', 'conversation_id', 'sender_id', 'content', 'read', 'created_at'],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/messages');
        let k = 0;
        for (let c = 0; c < conversations.count; c++) {
          const times = messageTimes(plan, c);
          if (times.length === 0) continue;
          const people = [conversations.a[c] as number, conversations.b[c] as number];
          const senders = new Uint8Array(times.length);
          for (let m = 1; m < times.length; m++) {
            senders[m] = random.chance(0.6)
              ? 1 - (senders[m - 1] as number)
              : (senders[m - 1] as number);
          }
          // Opening a conversation reads everything from the other side, so only the last
          // sender's closing run can be unread, and only if it is recent.
          const lastSender = senders[times.length - 1] as number;
          let unreadFrom = times.length;
          if ((times.at(-1) as number) > plan.anchor - 14 * DAY && random.chance(0.6)) {
            while (unreadFrom > 0 && senders[unreadFrom - 1] === lastSender) unreadFrom--;
          }
          const sport = sportOf(plan.people, people[0] as number);
          for (let m = 0; m < times.length; m++) {
            yield copyLine([
              ids.message(k++),
              ids.conversation(c),
              ids.profile(people[senders[m] as number] as number),
              messageContent(random, sport),
              m < unreadFrom,
              timestamp(times[m] as number),
            ]);
          }
        }
      },
    },
  ];
}

/** The players of one sport (their places in `plan.players`), drawn by activity. */
interface SportPool {
  slots: number[];
  index: WeightedIndex;
}

/** Offers from verified agents, coaches and clubs, and the players' applications to them. */
export function offerTables(plan: Plan): TableLoad[] {
  const { offers, ids, people } = plan;
  // Scholarships are rows of the same table (decision 0047), loaded after the offers.
  const scholarships = scholarshipTables(plan);
  // An offer is for its poster's sport, in its poster's city, under its poster's organisation.
  const offerSport = (o: number): { offer: SeedSport; words: SeedSport } => {
    const sport = sportOf(people, offers.poster[o] as number);
    return { offer: sport, words: sport };
  };
  return [
    {
      table: 'athlete_offers',
      columns: [
        'id',
        'kind',
        'posted_by',
        'title',
        'organization_name',
        'location',
        'league_level',
        'sport',
        'positions',
        'contract_type',
        'salary',
        'description',
        'requirements',
        'application_count',
        'created_at',
        'updated_at',
        'deadline',
        'places',
      ],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/offers');
        for (let o = 0; o < offers.count; o++) {
          const poster = offers.poster[o] as number;
          const sport = offerSport(o);
          const words = SPORT_WORDS[sport.words];
          const place = placeOf(people, poster);
          yield copyLine([
            ids.offer(o),
            'offer',
            ids.profile(poster),
            fill(random, random.pick(OFFER_TITLES), sport.words, place).slice(0, 120),
            people.organization[poster] as string,
            place.city,
            random.chance(0.7) ? random.pick(words.leagues) : null,
            sport.offer,
            random.sample(words.positions, random.int(1, 3)).join(', '),
            random.pick(CONTRACT_TYPES),
            random.pick(SALARIES),
            fill(
              random,
              'We are building a competitive squad for the {league} and are looking for committed players. Training four times a week in {city}, matches at the weekend. Video analysis, physio and strength staff on site.',
              sport.words,
              place,
            ),
            random.chance(0.6)
              ? 'Minimum two seasons of competitive experience. Highlight video required.'
              : null,
            offers.applications[o] as number,
            timestamp(offers.createdAt[o] as number),
            timestamp(offers.createdAt[o] as number),
            null,
            null,
          ]);
        }
        yield* scholarships.offers();
      },
    },
    scholarships.details,
    {
      table: 'offer_applications',
      columns: [
        'id',
        'offer_id',
        'applicant_id',
        'created_at',
        'stage_changed_at',
        'status',
        'athlete_name',
        'email',
        'sport',
        'current_team',
        'position_role',
        'years_experience',
        'achievements',
        'height_weight',
        'availability',
        'why_interested',
        'willing_to_relocate',
        'desired_contract_duration',
        'consent_privacy_policy',
        'consent_data_sharing',
      ],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/applications');
        const sportPools = SEED_SPORTS.map((_, sport): SportPool => {
          const slots: number[] = [];
          for (let slot = 0; slot < plan.players.length; slot++) {
            if (people.sport[plan.players[slot] as number] === sport) slots.push(slot);
          }
          const weights = slots.map(
            (slot) => plan.users.activity[plan.players[slot] as number] as number,
          );
          return { slots, index: new WeightedIndex(weights) };
        });
        const chosen = new Set<number>();
        const players = plan.players;
        let k = 0;
        for (let o = 0; o < offers.count; o++) {
          chosen.clear();
          const poster = offers.poster[o] as number;
          // Positions in the players list; the poster is excluded if they are one.
          const posterSlot = players.indexOf(poster);
          const sport = offerSport(o).words;
          // Players of the offer's sport apply, the active ones more often.
          const pool = sportPools[people.sport[poster] as number] as SportPool;
          for (const pick of distinctDraws(
            random,
            offers.applications[o] as number,
            pool.slots.length,
            pool.slots.indexOf(posterSlot),
            chosen,
            () => pool.index.draw(random),
          )) {
            const slot = pool.slots[pick] as number;
            const i = players[slot] as number;
            const since = Math.max(
              offers.createdAt[o] as number,
              plan.users.createdAt[i] as number,
            );
            const roll = random.next();
            const applied = timestamp(after(random, since, 7 * DAY, plan.anchor));
            yield copyLine([
              ids.application(k++),
              ids.offer(o),
              ids.profile(i),
              applied,
              applied,
              roll < 0.75
                ? 'pending'
                : roll < 0.87
                  ? 'viewed'
                  : roll < 0.93
                    ? 'shortlisted'
                    : 'declined',
              people.fullName[i] as string,
              people.email[i] as string,
              SPORT_WORDS[sportOf(people, i)].label,
              random.chance(0.6) ? `${random.pick(CITIES)} ${random.pick(CLUB_WORDS)}` : null,
              random.pick(SPORT_WORDS[sport].positions),
              random.int(0, 15),
              random.chance(0.4) ? fill(random, '{moment} last season; {stat}.', sport) : null,
              random.chance(0.7) ? `${random.int(165, 205)} cm / ${random.int(60, 100)} kg` : null,
              random.pick(AVAILABILITY),
              random.pick(WHY_INTERESTED),
              random.chance(0.6),
              random.pick(CONTRACT_TYPES),
              true,
              true,
            ]);
          }
        }
      },
    },
  ];
}
