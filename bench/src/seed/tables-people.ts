import { ORGANIZATION_TYPES, type OrganizationType } from '@arena/shared/constants';

import { copyLine, timestamp } from './copy-format.ts';
import { placeOf, sportOf, userTypeOf } from './people.ts';
import { after, DAY, type Plan } from './plan.ts';
import { Random } from './random.ts';
import { bio } from './text.ts';
import { athleteProfiles, awards, careerHistory } from './tables-cv.ts';
import type { TableLoad } from './tables.ts';
import { VERIFICATION_INFO } from './words.ts';

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
