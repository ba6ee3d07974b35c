import { copyLine, timestamp } from './copy-format.ts';
import { sportOf } from './people.ts';
import { after, DAY, type Plan } from './plan.ts';
import { Random } from './random.ts';
import { fill } from './text.ts';
import type { TableLoad } from './tables.ts';
import {
  ABOUT_PLAYER,
  AWARD_TITLES,
  CITIES,
  CLUB_WORDS,
  countryOf,
  NATIONALITIES,
  SPORT_WORDS,
} from './words.ts';

// The CV tables of peopleTables (tables-people.ts): athlete profiles, career history, awards.

const SEXES = ['Male', 'Female'] as const;

export function athleteProfiles(plan: Plan): TableLoad {
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
      'country',
      'city',
      'about_player',
      'availability_status',
      'updated_at',
    ],
    // What the triggers keep: the completeness score (migration 0021), when availability turned
    // to Available (migration 0022), dated from the CV's last change (as the migration did for
    // existing rows) instead of the clock, so that the same seed gives the same rows, and the
    // scout's search text (migration 0024).
    afterLoad: `UPDATE athlete_profiles SET cv_score = athlete_cv_score(profile_id),
      available_since = CASE WHEN availability_status = 'Available' THEN updated_at END,
      search_text = athlete_search_text(profile_id, about_player)`,
    *rows() {
      const random = Random.stream(plan.seed, 'rows/athlete-profiles');
      // Every player gave a birthdate at sign-up (issue 25): adults of 18 to 40 and a few
      // athletes of 13 to 17. A stream of its own, so the other columns stay as they were.
      const births = Random.stream(plan.seed, 'rows/birthdates');
      const birthdate = () =>
        births.chance(0.1)
          ? `${births.int(2009, 2012)}-${pad(births.int(1, 12))}-${pad(births.int(1, 28))}`
          : `${births.int(1986, 2007)}-${pad(births.int(1, 12))}-${pad(births.int(1, 28))}`;
      // Where they live (issue 24): their home city, the one their bio and posts name. Most who
      // started a CV give the country, and most of those the city too; the demo's hand-made
      // athletes all give both, so scouts see the filters at work. A stream of its own.
      const places = Random.stream(plan.seed, 'rows/places');
      const place = (i: number): [string | null, string | null] => {
        const city = people.city[i] as string;
        if (plan.preset.readable) return [countryOf(city), city];
        if (!places.chance(0.85)) return [null, null];
        return [countryOf(city), places.chance(0.8) ? city : null];
      };
      for (const i of plan.players) {
        // Most players started a CV; how much of it they filled varies from a line to all of it.
        // The others have only the birthdate sign-up asked.
        if (!random.chance(0.8)) {
          yield copyLine([
            plan.ids.profile(i),
            ...Array.from({ length: 6 }, () => null),
            birthdate(),
            ...Array.from({ length: 6 }, () => null),
            timestamp(users.createdAt[i] as number),
          ]);
          continue;
        }
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
          (has()
            ? `${random.int(1986, 2008)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
            : null) ?? birthdate(),
          has() ? sex : null,
          has() ? random.sample(NATIONALITIES, random.chance(0.2) ? 2 : 1).join(', ') : null,
          ...place(i),
          has() ? fill(random, random.pick(ABOUT_PLAYER), sport) : null,
          has() ? (random.chance(0.7) ? 'Available' : 'Not Available') : null,
          timestamp(after(random, users.createdAt[i] as number, 30 * DAY, plan.anchor)),
        ]);
      }
    },
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

export function careerHistory(plan: Plan): TableLoad {
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

export function awards(plan: Plan): TableLoad {
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
