import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { Cv } from '@arena/shared/cv.schema';
import { CV_WEIGHT_TOTAL } from '@arena/shared/cv-fill-rate';

import { MESSAGES } from '@arena/shared/messages';
import type { ScoutPage } from '@arena/shared/scout.schema';

import { selectRows } from '../src/db/database.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

describeEachDatabase(
  'scout search',
  (context) => {
    const { inject, verifiedClub, admin } = offersHelpers(context);
    let serial = 0;

    /** A nationality no other test's athlete has: each test searches among its own athletes. */
    const land = () => `Testland${Date.now().toString(36)}${(serial += 1)}`;

    async function athlete(cv: Record<string, unknown>, name?: string, open?: string[]) {
      const user = await signUp(context(), {
        ...(name ? { fullName: name } : {}),
        ...(typeof cv.birthdate === 'string' ? { birthdate: cv.birthdate } : {}),
      });
      const saved = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: user.bearer,
        payload: cv,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      if (open) {
        const opened = await inject('PUT', '/api/me/open-to-offers', user, {
          visibility: 'verified',
          contractTypes: open,
        });
        expect(opened.statusCode, opened.body).toBe(200);
      }
      return user;
    }

    const search = async (reader: SignedUp, query: Record<string, string | number>) => {
      const params = new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const response = await inject('GET', `/api/scout/athletes?${params.toString()}`, reader);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ScoutPage>();
    };
    const names = (page: ScoutPage) => page.items.map((item) => item.username).sort();

    it('is for verified organisations and admins only', async () => {
      const player = await signUp(context());
      const unverified = await signUp(context(), { userType: 'club' });
      for (const reader of [player, unverified]) {
        const refused = await inject('GET', '/api/scout/athletes', reader);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: { message: MESSAGES.scout.verifiedOnly } });
      }
      expect((await inject('GET', '/api/scout/athletes', null)).statusCode).toBe(401);
      for (const reader of [await verifiedClub('agent'), await admin()]) {
        expect((await inject('GET', '/api/scout/athletes', reader)).statusCode).toBe(200);
      }
    });

    it('finds athletes by every filter, alone and together', async () => {
      const nation = land();
      const winger = await athlete(
        {
          sport: 'football',
          mainPosition: 'Left Winger',
          otherPositions: 'Striker, Attacking midfielder',
          heightCm: 176,
          weightKg: 70,
          sex: 'Female',
          nationalities: `${nation}, Portuguese`,
          availabilityStatus: 'Available',
          birthdate: birthdateAged(18),
          aboutPlayer: 'Left-footed dribbler',
        },
        'Rita Winger',
        ['Full Season'],
      );
      const keeper = await athlete({
        sport: 'football',
        mainPosition: 'Goalkeeper',
        heightCm: 192,
        weightKg: 86,
        sex: 'Male',
        nationalities: nation,
        availabilityStatus: 'Not Available',
        birthdate: birthdateAged(24),
      });
      const guard = await athlete({
        sport: 'basketball',
        mainPosition: 'Point guard',
        heightCm: 185,
        weightKg: 80,
        sex: 'Male',
        nationalities: nation,
        birthdate: birthdateAged(30),
      });
      const club = await verifiedClub();
      const within = async (query: Record<string, string | number>) =>
        names(await search(club, { nationality: nation, ...query }));
      const all = [winger, keeper, guard].map((user) => user.input.username).sort();
      const only = (...users: SignedUp[]) => users.map((user) => user.input.username).sort();

      expect(await within({})).toEqual(all);
      // Nationality and position match one entry of the list, whatever the case.
      expect(await within({ nationality: nation.toUpperCase() })).toEqual(all);
      expect(await within({ position: 'striker' })).toEqual(only(winger));
      expect(await within({ position: 'left winger' })).toEqual(only(winger));
      expect(await within({ position: 'wing' })).toEqual([]);
      expect(await within({ sport: 'football' })).toEqual(only(winger, keeper));
      expect(await within({ ageMin: 18, ageMax: 19 })).toEqual(only(winger));
      expect(await within({ ageMin: 24, ageMax: 24 })).toEqual(only(keeper));
      expect(await within({ ageMin: 25 })).toEqual(only(guard));
      expect(await within({ heightMin: 180, heightMax: 190 })).toEqual(only(guard));
      expect(await within({ weightMax: 75 })).toEqual(only(winger));
      expect(await within({ sex: 'Male' })).toEqual(only(keeper, guard));
      expect(await within({ available: 'true' })).toEqual(only(winger));
      expect(await within({ open: 'true' })).toEqual(only(winger));
      expect(await within({ q: 'dribbler' })).toEqual(only(winger));
      expect(await within({ q: 'rita' })).toEqual(only(winger));
      expect(await within({ sport: 'football', sex: 'Male', heightMin: 190 })).toEqual(
        only(keeper),
      );

      // The card: what a scout scans, the age and never the date.
      const [card] = (await search(club, { nationality: nation, position: 'striker' })).items;
      expect(card).toMatchObject({
        username: winger.input.username,
        fullName: 'Rita Winger',
        sport: 'football',
        mainPosition: 'Left Winger',
        age: 18,
        heightCm: 176,
        weightKg: 70,
        availabilityStatus: 'Available',
        openTo: ['Full Season'],
      });
      expect(JSON.stringify(card)).not.toContain(birthdateAged(18));
    });

    it('finds athletes by country and city, whatever the case, alone and together, with both on the card', async () => {
      const country = land();
      const otherCountry = land();
      const city = `Townsville${country}`;
      const teen = await athlete(
        { sport: 'football', country, city, birthdate: birthdateAged(16) },
        'Tia Teen',
      );
      const neighbour = await athlete({
        sport: 'basketball',
        country: country.toUpperCase(),
        city: `Other ${city}`,
      });
      const noCity = await athlete({ sport: 'football', country });
      // The same city name in another country.
      const abroad = await athlete({ sport: 'football', country: otherCountry, city });
      const club = await verifiedClub();
      const only = (...users: SignedUp[]) => users.map((user) => user.input.username).sort();
      const found = async (query: Record<string, string | number>) =>
        names(await search(club, query));

      expect(await found({ country })).toEqual(only(teen, neighbour, noCity));
      expect(await found({ country: `  ${country.toLowerCase()} ` })).toEqual(
        only(teen, neighbour, noCity),
      );
      // A city alone, in any case, across countries; the whole name, not a part of it.
      expect(await found({ city: city.toUpperCase() })).toEqual(only(teen, abroad));
      expect(await found({ city: 'Townsville' })).toEqual([]);
      expect(await found({ country, city })).toEqual(only(teen));
      expect(await found({ country: otherCountry, city: city.toLowerCase() })).toEqual(
        only(abroad),
      );
      expect(await found({ country, sport: 'football' })).toEqual(only(teen, noCity));
      expect(await found({ country, city, ageMax: 17 })).toEqual(only(teen));
      expect(await found({ country, city, ageMin: 18 })).toEqual([]);
      // A blank filter is no filter.
      expect(await found({ country, city: '  ' })).toEqual(only(teen, neighbour, noCity));

      // The card: where they live, a minor's city too (scouts are verified organisations).
      const [card] = (await search(club, { country, city })).items;
      expect(card).toMatchObject({ username: teen.input.username, country, city, age: 16 });
      const cards = (await search(club, { country })).items;
      expect(cards.find((item) => item.username === noCity.input.username)).toMatchObject({
        country,
        city: null,
      });
    });

    it('pages without repeats, sorts by completeness, and finds minors for verified organisations only', async () => {
      const nation = land();
      const users: SignedUp[] = [];
      for (let i = 0; i < 5; i++) {
        users.push(
          await athlete({
            sport: 'tennis',
            nationalities: nation,
            ...(i >= 2 ? { heightCm: 170 + i, mainPosition: 'Singles' } : {}),
            ...(i >= 4 ? { aboutPlayer: 'Clay court specialist', sex: 'Female' } : {}),
            birthdate: birthdateAged(i === 0 ? 15 : 20),
          }),
        );
      }
      const club = await verifiedClub();
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ScoutPage = await search(club, {
          nationality: nation,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items.map((item) => item.username));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual(users.map((user) => user.input.username).sort());

      const complete = await search(club, { nationality: nation, sort: 'completeness' });
      const rates = complete.items.map((item) => item.cvFillRate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      expect(rates[0]).toBeGreaterThan(rates.at(-1)!);
      // Paging the completeness order gives the same order.
      const first = await search(club, { nationality: nation, sort: 'completeness', limit: 3 });
      const rest = await search(club, {
        nationality: nation,
        sort: 'completeness',
        limit: 3,
        cursor: first.nextCursor!,
      });
      expect([...first.items, ...rest.items].map((item) => item.username)).toEqual(
        complete.items.map((item) => item.username),
      );

      // The 15-year-old is among them for the verified club, with the age only.
      const teen = complete.items.find((item) => item.username === users[0]!.input.username);
      expect(teen?.age).toBe(15);
    });

    it("keeps the completeness score in step with the CV's fill rate as the CV, career, awards and profile change", async () => {
      const user = await athlete({ sport: 'padel', nationalities: land() });
      const scoreAndRate = async () => {
        const [row] = await selectRows<{ score: string | number }>(
          context().database.db,
          sql`SELECT cv_score AS score FROM athlete_profiles
            WHERE profile_id = ${user.session.profile.id}::uuid`,
        );
        const cv = await inject('GET', `/api/profiles/${user.input.username}/cv`, user);
        return {
          fromScore: Math.round((Number(row?.score) / CV_WEIGHT_TOTAL) * 100),
          fillRate: cv.json<Cv>().fillRate,
        };
      };
      const inStep = async () => {
        const { fromScore, fillRate } = await scoreAndRate();
        expect(fromScore).toBe(fillRate);
        return fillRate;
      };
      const start = await inStep();
      const career = await inject('POST', '/api/me/cv/career', user, {
        season: '2024/25',
        teamName: 'Padel Club',
      });
      expect(career.statusCode, career.body).toBe(200);
      const withCareer = await inStep();
      expect(withCareer).toBeGreaterThan(start);
      const award = await inject('POST', '/api/me/cv/awards', user, { title: 'Champion' });
      expect(award.statusCode, award.body).toBe(200);
      expect(await inStep()).toBeGreaterThan(withCareer);
      const bio = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: user.bearer,
        payload: {
          fullName: user.input.fullName,
          username: user.input.username,
          bio: 'Net player',
        },
      });
      expect(bio.statusCode, bio.body).toBe(200);
      await inStep();
      const entry = career.json<Cv>().career[0]!;
      const removed = await inject('DELETE', `/api/me/cv/career/${entry.id}`, user);
      expect(removed.statusCode, removed.body).toBe(200);
      await inStep();
      const cleared = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: user.bearer,
        payload: { sport: null, armSpan: '180 cm', otherPositions: 'Drive' },
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      await inStep();
    });

    it('finds text in the name, about and teams as they change, a name match ranked first', async () => {
      const word = `zq${Date.now().toString(36)}${(serial += 1)}`;
      // The word in the about text, then a team, then in the middle of a name, then starting one.
      const inAbout = await athlete({ aboutPlayer: `Known as ${word} at school` });
      const inTeam = await athlete({ sport: 'football' });
      const inName = await athlete({ sport: 'football' }, `Ana ${word}`);
      const startsName = await athlete({ sport: 'football' }, `${word} Silva`);
      const club = await verifiedClub();
      const found = async (q: string) => (await search(club, { q })).items.map((i) => i.username);
      const user = (signedUp: SignedUp) => signedUp.input.username;

      const team = await inject('POST', '/api/me/cv/career', inTeam, {
        season: '2024/25',
        teamName: `${word.toUpperCase()} United`,
      });
      expect(team.statusCode, team.body).toBe(200);
      expect((await found(word)).slice(0, 2)).toEqual([user(startsName), user(inName)]);
      expect([...(await found(word)).slice(2)].sort()).toEqual(
        [user(inAbout), user(inTeam)].sort(),
      );

      // The team removed, the about text changed, the name changed: each leaves the results.
      const [career] = team.json<Cv>().career;
      await inject('DELETE', `/api/me/cv/career/${career?.id ?? ''}`, inTeam);
      await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: inAbout.bearer,
        payload: { aboutPlayer: 'Quiet' },
      });
      const renamed = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: inName.bearer,
        payload: { fullName: 'Ana Other', username: user(inName) },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await found(word)).toEqual([user(startsName)]);
      expect(await found('ana other')).toContain(user(inName));
    });

    it('leaves out whoever blocked the scout, and refuses bad input with a message', async () => {
      const nation = land();
      const club = await verifiedClub();
      const hidden = await athlete({ sport: 'rugby', nationalities: nation });
      const shown = await athlete({ sport: 'rugby', nationalities: nation });
      const blocked = await inject('PUT', `/api/profiles/${club.input.username}/block`, hidden);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(names(await search(club, { nationality: nation }))).toEqual([shown.input.username]);

      for (const [query, message] of [
        ['ageMin=30&ageMax=20', MESSAGES.scout.rangeReversed],
        ['heightMin=200&heightMax=150', MESSAGES.scout.rangeReversed],
        ['ageMin=5', MESSAGES.scout.ageRange],
        ['heightMin=abc', MESSAGES.cv.heightRange],
        ['sport=quidditch', MESSAGES.cv.sportInvalid],
        ['cursor=forged', MESSAGES.invalidRequest],
        [`q=${'x'.repeat(101)}`, MESSAGES.scout.textTooLong],
        [`country=${'x'.repeat(81)}`, MESSAGES.scout.textTooLong],
        [`city=${'x'.repeat(81)}`, MESSAGES.scout.textTooLong],
      ] as const) {
        const refused = await inject('GET', `/api/scout/athletes?${query}`, club);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.body, query).toContain(message);
      }
    });
  },
  OFFERS_CONFIG,
);
