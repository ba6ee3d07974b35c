import { ORGANIZATION_TYPES, type OrganizationType } from '@arena/shared/constants';

import { copyLine, timestamp } from './copy-format.ts';
import { placeOf, sportOf, userTypeOf } from './people.ts';
import { after, DAY, type Plan } from './plan.ts';
import { Random } from './random.ts';
import { bio, fill } from './text.ts';
import type { TableLoad } from './tables.ts';
import {
  ABOUT_PLAYER,
  AWARD_TITLES,
  CITIES,
  CLUB_WORDS,
  NATIONALITIES,
  SPORT_WORDS,
  VERIFICATION_INFO,
} from './words.ts';

/** Accounts, profiles, roles, CVs, verification, follows and profile views. */
export function peopleTables(plan: Plan, passwordHash: string): TableLoad[] {
  const { people, ids, users } = plan;
  const n = people.count;
  const verification = verificationRequests(plan);

  return [
    {
      table: 'users',
      columns: ['id', 'email', 'password_hash', 'email_confirmed_at', 'created_at'],
      *rows() {
        for (let i = 0; i < n; i++) {
          const at = timestamp(users.createdAt[i] as number);
          yield copyLine([ids.user(i), people.email[i] as string, passwordHash, at, at]);
        }
      },
    },
    {
      table: 'profiles',
      columns: [
        'id',
        'user_id',
        'username',
        'full_name',
        'bio',
        'verified',
        'user_type',
        'profile_views',
        'created_at',
      ],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/profiles');
        for (let i = 0; i < n; i++) {
          yield copyLine([
            ids.profile(i),
            ids.user(i),
            people.username[i] as string,
            people.fullName[i] as string,
            random.chance(0.75)
              ? bio(
                  random,
                  sportOf(people, i),
                  userTypeOf(people, i),
                  people.fullName[i] as string,
                  placeOf(people, i),
                )
              : null,
            people.verified[i] === 1,
            userTypeOf(people, i),
            users.profileViews[i] as number,
            timestamp(users.createdAt[i] as number),
          ]);
        }
      },
    },
    {
      table: 'user_roles',
      columns: ['user_id', 'role', 'created_at'],
      *rows() {
        for (const i of plan.admins) {
          yield copyLine([ids.user(i), 'admin', timestamp(users.createdAt[i] as number)]);
        }
      },
    },
    {
      table: 'admin_actions',
      columns: [
        'id',
        'actor_user_id',
        'action',
        'target_type',
        'target_id',
        'details',
        'created_at',
      ],
      *rows() {
        let k = 0;
        // Every grant and every review is on the audit trail, as the server records them.
        for (const i of plan.admins) {
          yield copyLine([
            ids.adminAction(k++),
            null,
            'role.grant',
            'user',
            ids.user(i),
            JSON.stringify({ role: 'admin', source: 'seed' }),
            timestamp(users.createdAt[i] as number),
          ]);
        }
        for (const request of verification) {
          if (request.reviewer === null || request.reviewedAt === null) continue;
          yield copyLine([
            ids.adminAction(k++),
            ids.user(request.reviewer),
            request.status === 'approved' ? 'verification.approve' : 'verification.reject',
            'verification_request',
            request.id,
            null,
            timestamp(request.reviewedAt),
          ]);
        }
      },
    },
    athleteProfiles(plan),
    careerHistory(plan),
    awards(plan),
    {
      table: 'verification_requests',
      columns: [
        'id',
        'profile_id',
        'created_at',
        'status',
        'full_name',
        'organization_name',
        'organization_type',
        'email',
        'phone',
        'website',
        'official_contact',
        'additional_info',
        'reviewed_by',
        'reviewed_at',
      ],
      *rows() {
        for (const r of verification) {
          yield copyLine([
            r.id,
            ids.profile(r.profile),
            timestamp(r.createdAt),
            r.status,
            people.fullName[r.profile] as string,
            r.organization,
            r.type,
            people.email[r.profile] as string,
            r.phone,
            r.website,
            null,
            r.info,
            r.reviewer === null ? null : ids.profile(r.reviewer),
            r.reviewedAt === null ? null : timestamp(r.reviewedAt),
          ]);
        }
      },
    },
    {
      table: 'follows',
      columns: ['id', 'follower_id', 'following_id', 'created_at'],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/follows');
        let k = 0;
        const chosen = new Set<number>();
        for (let i = 0; i < n; i++) {
          const want = users.followsOut[i] as number;
          chosen.clear();
          // Popular members are followed most: that gives the power-law follower counts.
          for (const target of distinctDraws(random, want, n, i, chosen, () =>
            plan.popularityIndex.draw(random),
          )) {
            const since = Math.max(users.createdAt[i] as number, users.createdAt[target] as number);
            yield copyLine([
              ids.follow(k++),
              ids.profile(i),
              ids.profile(target),
              timestamp(after(random, since, 60 * DAY, plan.anchor)),
            ]);
          }
        }
      },
    },
    {
      table: 'profile_views',
      columns: ['profile_id', 'viewer_id', 'viewed_at'],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/profile-views');
        for (let i = 0; i < n; i++) {
          const views = users.profileViews[i] as number;
          for (let v = 0; v < views; v++) {
            let viewer = plan.activityIndex.draw(random);
            if (viewer === i) viewer = (i + 1) % n;
            // The last month, more of it lately, so the visibility card shows a trend.
            const since = Math.max(plan.anchor - 30 * DAY, users.createdAt[viewer] as number);
            const at = plan.anchor - (plan.anchor - since) * Math.pow(random.next(), 1.3);
            yield copyLine([ids.profile(i), ids.profile(viewer), timestamp(Math.round(at))]);
          }
        }
      },
    },
  ];
}

/**
 * `want` distinct indexes below `n`, none equal to `exclude`, drawn with `draw`; when the draws
 * keep repeating (a very large share of everyone), the rest is filled by walking from a random
 * start, so it always ends.
 */
export function* distinctDraws(
  random: Random,
  want: number,
  n: number,
  exclude: number,
  chosen: Set<number>,
  draw: () => number,
): Generator<number> {
  const target = Math.min(want, exclude >= 0 && exclude < n ? n - 1 : n);
  let misses = 0;
  while (chosen.size < target && misses < 20 * target + 100) {
    const x = draw();
    if (x === exclude || chosen.has(x)) {
      misses++;
      continue;
    }
    chosen.add(x);
    yield x;
  }
  let x = random.int(0, n - 1);
  while (chosen.size < target) {
    if (x !== exclude && !chosen.has(x)) {
      chosen.add(x);
      yield x;
    }
    x = (x + 1) % n;
  }
}

interface VerificationRow {
  id: string;
  profile: number;
  createdAt: number;
  status: 'pending' | 'approved' | 'rejected';
  type: OrganizationType;
  organization: string;
  phone: string | null;
  website: string | null;
  info: string | null;
  reviewer: number | null;
  reviewedAt: number | null;
}

/** Verified agents, coaches and clubs have an approved request; others may be waiting or refused. */
function verificationRequests(plan: Plan): VerificationRow[] {
  const { people, users } = plan;
  const random = Random.stream(plan.seed, 'rows/verification');
  const rows: VerificationRow[] = [];
  const admins = [...plan.admins];
  for (let i = 0; i < people.count; i++) {
    const type = userTypeOf(people, i);
    if (!(ORGANIZATION_TYPES as readonly string[]).includes(type)) continue;
    const organizationType = type as OrganizationType;
    const request = (status: VerificationRow['status'], from: number): VerificationRow => {
      const createdAt = after(random, from, 10 * DAY, plan.anchor);
      const reviewer = status === 'pending' || admins.length === 0 ? null : random.pick(admins);
      return {
        id: plan.ids.verification(rows.length),
        profile: i,
        createdAt,
        status,
        type: organizationType,
        organization: people.organization[i] as string,
        phone: random.chance(0.6) ? `+34 6${random.int(10_000_000, 99_999_999)}` : null,
        website: random.chance(0.5) ? `https://${people.username[i] as string}.example` : null,
        info: random.pick(VERIFICATION_INFO) || null,
        reviewer,
        reviewedAt: reviewer === null ? null : after(random, createdAt, 2 * DAY, plan.anchor),
      };
    };
    const joined = users.createdAt[i] as number;
    if (people.verified[i] && !people.admin[i]) {
      if (random.chance(0.1)) rows.push(request('rejected', joined));
      const last = rows.at(-1);
      rows.push(request('approved', last?.profile === i ? (last.reviewedAt ?? joined) : joined));
    } else if (!people.verified[i]) {
      const roll = random.next();
      if (roll < 0.08) rows.push(request('rejected', joined));
      else if (roll < 0.3) rows.push(request('pending', joined));
    }
  }
  return rows;
}

const SEXES = ['Male', 'Female'] as const;

function athleteProfiles(plan: Plan): TableLoad {
  const { people, users } = plan;
  return {
    table: 'athlete_profiles',
    columns: [
      'profile_id',
      'sport',
      'main_position',
      'other_positions',
      'height_cm',
      'weight_kg',
      'arm_span',
      'birthdate',
      'sex',
      'nationalities',
      'about_player',
      'availability_status',
      'updated_at',
    ],
    *rows() {
      const random = Random.stream(plan.seed, 'rows/athlete-profiles');
      for (const i of plan.players) {
        // Most players started a CV; how much of it they filled varies from a line to all of it.
        if (!random.chance(0.8)) continue;
        const fillRate = Math.pow(random.next(), 0.7);
        const has = () => random.chance(fillRate);
        const sport = sportOf(people, i);
        const words = SPORT_WORDS[sport];
        const sex = random.pick(SEXES);
        const tall = sport === 'basketball' ? 12 : sport === 'american-football' ? 6 : 0;
        const height = Math.round((sex === 'Male' ? 181 : 168) + tall + random.normal() * 7);
        const weight = Math.round(((height - 100) * 0.95 + random.normal() * 6) * 10) / 10;
        const positions = random.sample(words.positions, 3);
        yield copyLine([
          plan.ids.profile(i),
          random.chance(0.95) ? sport : null,
          has() ? (positions[0] as string) : null,
          has() && positions.length > 1 ? positions.slice(1).join(', ') : null,
          has() ? Math.min(230, Math.max(140, height)) : null,
          has() ? Math.min(160, Math.max(40, weight)) : null,
          random.chance(fillRate / 3) ? `${((height * 1.02) / 100).toFixed(2)} m` : null,
          has()
            ? `${random.int(1986, 2008)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
            : null,
          has() ? sex : null,
          has() ? random.sample(NATIONALITIES, random.chance(0.2) ? 2 : 1).join(', ') : null,
          has() ? fill(random, random.pick(ABOUT_PLAYER), sport) : null,
          has() ? (random.chance(0.7) ? 'Available' : 'Not Available') : null,
          timestamp(after(random, users.createdAt[i] as number, 30 * DAY, plan.anchor)),
        ]);
      }
    },
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

function careerHistory(plan: Plan): TableLoad {
  return {
    table: 'career_history',
    columns: ['id', 'profile_id', 'season', 'team_name', 'role', 'created_at'],
    *rows() {
      const random = Random.stream(plan.seed, 'rows/career');
      let k = 0;
      const year = new Date(plan.anchor).getUTCFullYear();
      for (const i of plan.players) {
        const seasons = random.chance(0.6) ? random.int(1, 6) : 0;
        for (let s = 0; s < seasons; s++) {
          const from = year - 1 - s;
          yield copyLine([
            plan.ids.career(k++),
            plan.ids.profile(i),
            `${from}/${String(from + 1).slice(2)}`,
            `${random.pick(CITIES)} ${random.pick(CLUB_WORDS)}`,
            random.chance(0.15) ? 'Captain' : 'Member',
            timestamp(after(random, plan.users.createdAt[i] as number, 20 * DAY, plan.anchor)),
          ]);
        }
      }
    },
  };
}

function awards(plan: Plan): TableLoad {
  return {
    table: 'awards',
    columns: ['id', 'profile_id', 'title', 'description', 'award_date', 'created_at'],
    *rows() {
      const random = Random.stream(plan.seed, 'rows/awards');
      let k = 0;
      const year = new Date(plan.anchor).getUTCFullYear();
      for (const i of plan.players) {
        const count = random.chance(0.35) ? random.int(1, 4) : 0;
        for (let a = 0; a < count; a++) {
          const sport = sportOf(plan.people, i);
          yield copyLine([
            plan.ids.award(k++),
            plan.ids.profile(i),
            random.pick(AWARD_TITLES),
            random.chance(0.5) ? fill(random, 'After {moment} in the {league}.', sport) : null,
            random.chance(0.8) ? `${year - random.int(1, 8)}-${pad(random.int(1, 12))}-01` : null,
            timestamp(after(random, plan.users.createdAt[i] as number, 40 * DAY, plan.anchor)),
          ]);
        }
      }
    },
  };
}
