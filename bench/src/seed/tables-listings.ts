import {
  CAMP_LEVELS,
  CURRENCIES,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
} from '@arena/shared/constants';

import { copyLine, timestamp } from './copy-format.ts';
import { placeOf, sportOf } from './people.ts';
import { DAY, type Plan } from './plan.ts';
import { Random, WeightedIndex } from './random.ts';
import { distinctDraws } from './tables-people.ts';
import type { TableLoad } from './tables.ts';
import { countryOf, SPORT_WORDS } from './words.ts';

/**
 * Camps and scholarships (issue 27), posted by the verified organisations and admins: a third
 * of the camps are over (the Past tab), the rest start within nine months; most scholarships
 * are open, a few past their deadline.
 */

const CAMP_KINDS = [
  'Summer Camp',
  'Easter Camp',
  'Elite Week',
  'Skills Clinic',
  'Development Camp',
  'Residential Camp',
  'Holiday Camp',
  'Performance Camp',
] as const;

const SCHOLARSHIP_KINDS = [
  'Athletic Scholarship',
  'Academy Place',
  'Student-Athlete Award',
  'Tuition Grant',
  'Housing Grant',
] as const;

const BRING = [
  'Boots or trainers, a water bottle and sun cream.',
  'Training kit for two sessions a day, a towel and a packed lunch.',
  'Your own equipment, a passport or ID card, and a signed medical form.',
] as const;

const ACADEMIC = [
  'GPA 3.0 or higher',
  'Passing grades in the last two school years',
  'English B2 (or a TOEFL score of 80)',
  'Admission to the university’s degree programme',
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Members who may post: verified organisations and admins (indexes into the people). */
function posterIndex(plan: Plan) {
  const posters: number[] = [];
  for (let i = 0; i < plan.people.count; i++) {
    if (plan.people.verified[i] || plan.people.admin[i]) posters.push(i);
  }
  const weights = posters.map((i) => plan.users.popularity[i] as number);
  return { posters, index: posters.length > 0 ? new WeightedIndex(weights) : null };
}

interface Camp {
  poster: number;
  start: number;
  createdAt: number;
  capacity: number;
  registrations: number;
}

/** Each camp's poster, start, capacity and how many registered, drawn once for both tables. */
function planCamps(plan: Plan): Camp[] {
  const random = Random.stream(plan.seed, 'plan/camps');
  const { posters, index } = posterIndex(plan);
  if (!index) return [];
  const camps: Camp[] = [];
  for (let c = 0; c < plan.preset.camps; c++) {
    const poster = posters[index.draw(random)] as number;
    const past = random.chance(0.35);
    const start = past
      ? plan.anchor - random.int(10, 300) * DAY
      : plan.anchor + random.int(3, 270) * DAY;
    const joined = plan.users.createdAt[poster] as number;
    const createdAt = Math.max(joined, Math.min(plan.anchor, start) - random.int(14, 120) * DAY);
    camps.push({ poster, start, createdAt, capacity: random.int(12, 80), registrations: 0 });
  }
  // Popular camps draw most registrations: a log-normal weight, at most 1.5 × capacity each.
  const weights = camps.map(() => random.logNormal(1, 0.8));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  camps.forEach((camp, c) => {
    const share = Math.round(((weights[c] as number) / total) * plan.preset.campRegistrations);
    camp.registrations = Math.min(share, Math.floor(camp.capacity * 1.5), plan.players.length);
  });
  return camps;
}

export function listingTables(plan: Plan): TableLoad[] {
  const { ids, people } = plan;
  const camps = planCamps(plan);
  const statuses = camps.map(() => [] as string[]);
  // Registrations first, so that each camp's booked count is known when its row is written.
  const registrationRandom = Random.stream(plan.seed, 'rows/camp-registrations');
  camps.forEach((camp, c) => {
    let booked = 0;
    for (let k = 0; k < camp.registrations; k++) {
      const roll = registrationRandom.next();
      if (roll < 0.2) statuses[c]?.push('interested');
      else if (roll < 0.28) statuses[c]?.push('cancelled');
      else if (booked < camp.capacity) {
        booked++;
        statuses[c]?.push('booked');
      } else statuses[c]?.push('waitlisted');
    }
  });

  return [
    {
      table: 'camps',
      columns: [
        'id',
        'posted_by',
        'title',
        'sport',
        'organizer',
        'description',
        'online',
        'venue',
        'city',
        'country',
        'starts_on',
        'ends_on',
        'age_min',
        'age_max',
        'level',
        'price_minor',
        'currency',
        'capacity',
        'booked_count',
        'registration_deadline',
        'what_to_bring',
        'contact',
        'created_at',
        'updated_at',
      ],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/camps');
        for (let c = 0; c < camps.length; c++) {
          const camp = camps[c] as Camp;
          const sport = sportOf(people, camp.poster);
          const words = SPORT_WORDS[sport];
          const { city } = placeOf(people, camp.poster);
          const online = random.chance(0.08);
          const organizer =
            people.organization[camp.poster] || (people.fullName[camp.poster] ?? '');
          const ages = random.next();
          const ageMin = ages < 0.55 ? random.pick([8, 10, 12, 14, 16]) : ages < 0.75 ? 18 : null;
          const ageMax = ageMin !== null && ageMin < 18 ? ageMin + random.int(3, 6) : null;
          const free = random.chance(0.3);
          const booked = (statuses[c] ?? []).filter((status) => status === 'booked').length;
          yield copyLine([
            ids.camp(c),
            ids.profile(camp.poster),
            `${words.label} ${random.pick(CAMP_KINDS)}${online ? ' (online)' : ` in ${city}`}`,
            sport,
            organizer,
            `Coaching for ${words.positions.slice(0, 3).join(', ')} and every position: technique in the morning, games in the afternoon, and video analysis of each day. Led by licensed coaches of ${organizer}.`,
            online,
            online ? null : `${city} ${random.pick(['Sports Park', 'Training Centre', 'Stadium'])}`,
            online ? null : city,
            online ? null : countryOf(city),
            day(camp.start),
            day(camp.start + random.int(0, 6) * DAY),
            ageMin,
            ageMax,
            random.pick(CAMP_LEVELS),
            free ? 0 : random.int(49, 899) * 100,
            free ? null : random.pick(CURRENCIES.slice(0, 3)),
            camp.capacity,
            booked,
            random.chance(0.5) ? timestamp(camp.start - 2 * DAY) : null,
            random.chance(0.6) ? random.pick(BRING) : null,
            `camps@${slug(organizer) || 'arena'}.example`,
            timestamp(camp.createdAt),
            timestamp(camp.createdAt),
          ]);
        }
      },
    },
    {
      table: 'camp_registrations',
      columns: ['id', 'camp_id', 'member_id', 'status', 'created_at', 'updated_at'],
      *rows() {
        const random = Random.stream(plan.seed, 'rows/camp-registrants');
        const players = plan.players;
        const chosen = new Set<number>();
        let k = 0;
        for (let c = 0; c < camps.length; c++) {
          const camp = camps[c] as Camp;
          chosen.clear();
          const until = Math.min(plan.anchor, camp.start);
          let r = 0;
          for (const slot of distinctDraws(
            random,
            camp.registrations,
            players.length,
            players.indexOf(camp.poster),
            chosen,
            () => random.int(0, players.length - 1),
          )) {
            const member = players[slot] as number;
            const from = Math.max(camp.createdAt, plan.users.createdAt[member] as number);
            const at = timestamp(from + (Math.max(until, from) - from) * random.next());
            yield copyLine([
              ids.campRegistration(k++),
              ids.camp(c),
              ids.profile(member),
              statuses[c]?.[r++] ?? 'interested',
              at,
              at,
            ]);
          }
        }
      },
    },
  ];
}

/** A scholarship's `athlete_offers` row and its `scholarships` row (decision 0047). */
export interface ScholarshipRows {
  offers: () => Iterable<string>;
  details: TableLoad;
}

/**
 * The scholarships' rows of `athlete_offers`, written by the offers' load after the offers
 * (one COPY per table), in its columns: `id, kind, posted_by, title, organization_name,
 * location, league_level, sport, positions, contract_type, salary, description, requirements,
 * application_count, created_at, updated_at, deadline, places`.
 */
export function scholarshipTables(plan: Plan): ScholarshipRows {
  const { ids, people } = plan;
  const random = Random.stream(plan.seed, 'plan/scholarships');
  const { posters, index } = posterIndex(plan);
  const count = index ? plan.preset.scholarships : 0;
  const poster = Int32Array.from({ length: count }, () => posters[index?.draw(random) ?? 0] ?? 0);
  const deadline = Float64Array.from({ length: count }, () =>
    random.chance(0.85)
      ? plan.anchor + random.int(7, 240) * DAY
      : plan.anchor - random.int(1, 60) * DAY,
  );
  return {
    *offers() {
      const rows = Random.stream(plan.seed, 'rows/scholarships');
      for (let s = 0; s < count; s++) {
        const i = poster[s] as number;
        const sport = sportOf(people, i);
        const words = SPORT_WORDS[sport];
        const { city } = placeOf(people, i);
        const institution = people.organization[i] as string;
        const created = Math.max(
          plan.users.createdAt[i] as number,
          Math.min(plan.anchor, deadline[s] as number) - rows.int(20, 150) * DAY,
        );
        yield copyLine([
          ids.scholarship(s),
          'scholarship',
          ids.profile(i),
          `${words.label} ${rows.pick(SCHOLARSHIP_KINDS)} ${new Date(deadline[s] as number).getUTCFullYear()}`,
          institution,
          countryOf(city),
          null,
          sport,
          rows.chance(0.4)
            ? 'Any position'
            : rows.sample(words.positions, rows.int(1, 2)).join(', '),
          null,
          null,
          `${institution} offers student-athletes a place in its ${words.label.toLowerCase()} programme: daily training with its staff, academic support and competition at its level.`,
          null,
          0,
          timestamp(created),
          timestamp(created),
          timestamp(deadline[s] as number),
          rows.int(1, 12),
        ]);
      }
    },
    details: {
      table: 'scholarships',
      columns: [
        'offer_id',
        'country',
        'level',
        'coverage',
        'amount',
        'age_min',
        'age_max',
        'academic_requirements',
        'how_to_apply',
      ],
      *rows() {
        const rows = Random.stream(plan.seed, 'rows/scholarship-details');
        for (let s = 0; s < count; s++) {
          const { city } = placeOf(people, poster[s] as number);
          const coverage = rows.pick(SCHOLARSHIP_COVERAGES);
          const ageMin = rows.chance(0.6) ? rows.pick([14, 15, 16, 17]) : null;
          yield copyLine([
            ids.scholarship(s),
            countryOf(city),
            rows.pick(SCHOLARSHIP_LEVELS),
            coverage,
            coverage === 'full'
              ? 'Full cost of attendance'
              : rows.chance(0.6)
                ? `€${rows.int(3, 25)},000 a year`
                : null,
            ageMin,
            ageMin === null ? null : ageMin + rows.int(4, 7),
            rows.chance(0.6) ? rows.pick(ACADEMIC) : null,
            rows.chance(0.7)
              ? 'Apply on Arena with your CV and a highlight video; shortlisted athletes are invited to a trial.'
              : null,
          ]);
        }
      },
    },
  };
}
