import { describe, expect, it } from 'vitest';

import { DEMO_PEOPLE } from './demo-people.ts';
import { sportOf, userTypeOf } from './people.ts';
import { createPlan, type Plan } from './plan.ts';
import { PRESETS } from './presets.ts';
import { tableLoads } from './tables.ts';
import { CITIES, countryOf, SPORT_WORDS } from './words.ts';

const ANCHOR = Date.parse('2025-06-01T12:00:00Z');

type Row = Record<string, string | null>;

/** Every row of every table, as column → value (COPY's `\N` as null). */
function tablesOf(plan: Plan): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  for (const load of tableLoads(plan, 'not-a-hash')) {
    const rows: Row[] = [];
    for (const line of load.rows()) {
      const cells = line.replace(/\n$/, '').split('\t');
      rows.push(
        Object.fromEntries(
          load.columns.map((column, k) => [
            column,
            cells[k] === '\\N' ? null : (cells[k] ?? '').replaceAll('\\n', '\n'),
          ]),
        ),
      );
    }
    tables.set(load.table, rows);
  }
  return tables;
}

const citiesIn = (text: string | null) => CITIES.filter((city) => text?.includes(city));

describe.each(['demo', 'tiny'] as const)('the %s preset', (presetName) => {
  const plan = createPlan(PRESETS[presetName], 'arena', ANCHOR);
  const { people } = plan;
  const tables = tablesOf(plan);
  const byProfile = new Map<string, number>();
  for (let i = 0; i < people.count; i++) byProfile.set(plan.ids.profile(i), i);
  const member = (profileId: string | null) => byProfile.get(profileId ?? '') as number;
  const isOrganisation = (i: number) => userTypeOf(people, i) !== 'player';

  it('gives each organisation one city: its name, bio and posts name no other', () => {
    let organisations = 0;
    for (let i = 0; i < people.count; i++) {
      if (!isOrganisation(i)) continue;
      organisations++;
      const city = people.city[i] as string;
      expect(CITIES).toContain(city);
      if (userTypeOf(people, i) === 'club') {
        expect(people.fullName[i]?.startsWith(city), people.fullName[i]).toBe(true);
      }
      expect(people.organization[i]?.startsWith(city), people.organization[i]).toBe(true);
    }
    expect(organisations).toBeGreaterThan(3);

    for (const profile of tables.get('profiles') ?? []) {
      const i = member(profile.id ?? null);
      if (!isOrganisation(i)) continue;
      for (const named of citiesIn(profile.bio ?? null)) {
        expect(named, `${profile.full_name}: ${profile.bio}`).toBe(people.city[i]);
      }
    }
    const posts = tables.get('posts') ?? [];
    let organisationPosts = 0;
    for (const post of posts) {
      const i = member(post.user_id ?? null);
      if (!isOrganisation(i)) continue;
      organisationPosts++;
      expect(post.sport, post.content ?? '').toBe(sportOf(people, i));
      for (const named of citiesIn(post.content ?? null)) {
        expect(named, `${people.fullName[i]}: ${post.content}`).toBe(people.city[i]);
      }
    }
    expect(organisationPosts).toBeGreaterThan(0);
  });

  it("files every offer under its poster's sport, city and organisation", () => {
    const offers = tables.get('athlete_offers') ?? [];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const i = member(offer.posted_by ?? null);
      const sport = sportOf(people, i);
      const what = `${people.fullName[i]} (${sport}, ${people.city[i]}): ${offer.title}`;
      expect(offer.sport, what).toBe(sport);
      // A scholarship is placed by its country (decision 0047), an offer by its city.
      const scholarship = offer.kind === 'scholarship';
      expect(offer.location, what).toBe(
        scholarship ? countryOf(people.city[i] as string) : people.city[i],
      );
      expect(offer.organization_name, what).toBe(people.organization[i]);
      for (const position of (offer.positions ?? '').split(', ')) {
        if (scholarship && position === 'Any position') continue;
        expect(SPORT_WORDS[sport].positions, what).toContain(position);
      }
      for (const text of [offer.title, offer.description, offer.organization_name]) {
        for (const named of citiesIn(text ?? null)) expect(named, what).toBe(people.city[i]);
      }
    }
    for (const request of tables.get('verification_requests') ?? []) {
      const i = member(request.profile_id ?? null);
      expect(request.organization_name).toBe(people.organization[i]);
    }
  });

  it('places athletes in their home city, in its country, as the scout filters read them', () => {
    const athletes = tables.get('athlete_profiles') ?? [];
    let placed = 0;
    let countryOnly = 0;
    for (const row of athletes) {
      const i = member(row.profile_id ?? null);
      const home = people.city[i] as string;
      const what = `${people.fullName[i]} (${home}): ${row.city}, ${row.country}`;
      if (row.city !== null) {
        placed++;
        expect(row.city, what).toBe(home);
      }
      if (row.country !== null) expect(row.country, what).toBe(countryOf(home));
      else expect(row.city, what).toBeNull();
      if (row.country !== null && row.city === null) countryOnly++;
    }
    expect(placed).toBeGreaterThan(athletes.length / 3);
    // Generated athletes sometimes give the country alone; the demo's all give both.
    if (presetName === 'demo') expect(countryOnly).toBe(0);
    else expect(countryOnly).toBeGreaterThan(0);
  });

  it('has players of the offer’s sport apply', () => {
    const offers = new Map((tables.get('athlete_offers') ?? []).map((o) => [o.id, o]));
    const applications = tables.get('offer_applications') ?? [];
    expect(applications.length).toBeGreaterThan(0);
    const sameSport = applications.filter((application) => {
      const offer = offers.get(application.offer_id ?? null);
      const applicant = member(application.applicant_id ?? null);
      const poster = member(offer?.posted_by ?? null);
      return people.sport[applicant] === people.sport[poster];
    });
    expect(sameSport).toHaveLength(applications.length);
  });
});

describe('the demo people', () => {
  it('live in the city their club is named after', () => {
    const plan = createPlan(PRESETS.demo, 'arena', ANCHOR);
    const madrid = plan.people.username.indexOf('madrid_lions');
    expect(plan.people.city[madrid]).toBe('Madrid');
    expect(plan.people.organization[madrid]).toBe('Madrid Lions FC');
  });

  it('each live in a city the seed knows the country of', () => {
    for (const person of DEMO_PEOPLE) expect(CITIES).toContain(person.city);
    expect(countryOf('São Paulo')).toBe('Brazil');
  });
});
