import { expect, it } from 'vitest';

import type { Cv } from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';

import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged, forgetBirthdate } from './minors-fixtures.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'athlete CV',
  (context) => {
    const { verifiedClub, admin } = offersHelpers(context);
    const send = (
      method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      user: SignedUp | null,
      payload?: object,
    ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
    const cvOf = async (username: string) =>
      (
        await context().app.inject({ method: 'GET', url: `/api/profiles/${username}/cv` })
      ).json<Cv>();

    it('starts with only the full name and the birthdate sign-up asked counted (12%)', async () => {
      const user = await signUp(context());
      const cv = await cvOf(user.input.username);
      expect(cv.career).toEqual([]);
      expect(cv.awards).toEqual([]);
      expect(cv.athlete.sport).toBeNull();
      expect(cv.fillRate).toBe(12);
    });

    it('saves sections field by field and the fill rate follows', async () => {
      const user = await signUp(context());
      const saved = await send('PATCH', '/api/me/cv/athlete', user, {
        sport: 'football',
        mainPosition: 'Striker',
        heightCm: 181,
        weightKg: 74.25,
        birthdate: '2008-02-29',
        sex: 'Female',
      });
      expect(saved.statusCode).toBe(200);
      const cv = saved.json<Cv>();
      expect(cv.athlete).toMatchObject({
        sport: 'football',
        heightCm: 181,
        weightKg: 74.3,
        birthdate: '2008-02-29',
      });
      expect(cv.fillRate).toBe(42); // (1 + 6) / 16.5

      const availability = await send('PATCH', '/api/me/cv/athlete', user, {
        availabilityStatus: 'Not Available',
      });
      expect(availability.json<Cv>().athlete).toMatchObject({
        availabilityStatus: 'Not Available',
        sport: 'football',
      });
      const switched = await send('PATCH', '/api/me/cv/athlete', user, {
        availabilityStatus: 'Available',
      });
      expect(switched.json<Cv>().athlete.availabilityStatus).toBe('Available');
    });

    it.each([
      [{ heightCm: 300 }, MESSAGES.cv.heightRange],
      [{ heightCm: 180.5 }, MESSAGES.cv.heightRange],
      [{ weightKg: 5 }, MESSAGES.cv.weightRange],
      [{ birthdate: '2023-02-30' }, MESSAGES.cv.dateInvalid],
      [{ birthdate: '12/04/2008' }, MESSAGES.cv.dateInvalid],
      [{ birthdate: '2999-01-01' }, MESSAGES.cv.birthdateFuture],
      [{ birthdate: '1850-01-01' }, MESSAGES.cv.birthdateTooOld],
      [{ sex: 'robot' }, MESSAGES.cv.sexInvalid],
      [{ sport: 'Football' }, MESSAGES.cv.sportInvalid],
      [{ sport: 'quidditch' }, MESSAGES.cv.sportInvalid],
      [{ sport: '' }, MESSAGES.cv.sportInvalid],
      [{ availabilityStatus: 'Maybe' }, MESSAGES.cv.availabilityInvalid],
      [{ aboutPlayer: 'x'.repeat(2001) }, MESSAGES.cv.aboutMax],
      [{ country: 'x'.repeat(81) }, MESSAGES.cv.countryMax],
      [{ city: `  ${'x'.repeat(81)}  ` }, MESSAGES.cv.cityMax],
      [{}, MESSAGES.cv.nothingToSave],
    ])('refuses %j with a clear message and changes nothing', async (patch, message) => {
      const user = await signUp(context());
      await send('PATCH', '/api/me/cv/athlete', user, { sport: 'tennis' });
      const response = await send('PATCH', '/api/me/cv/athlete', user, patch);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
      expect((await cvOf(user.input.username)).athlete.sport).toBe('tennis');
    });

    it("takes any sport of the product's list, and clears it with null", async () => {
      const user = await signUp(context());
      for (const sport of ['padel', 'water-polo', 'other'] as const) {
        const saved = await send('PATCH', '/api/me/cv/athlete', user, { sport });
        expect(saved.statusCode, saved.body).toBe(200);
        expect((await cvOf(user.input.username)).athlete.sport).toBe(sport);
      }
      const cleared = await send('PATCH', '/api/me/cv/athlete', user, { sport: null });
      expect(cleared.statusCode).toBe(200);
      expect((await cvOf(user.input.username)).athlete.sport).toBeNull();
    });

    it('adds, edits and deletes seasons, with Member as the default role', async () => {
      const user = await signUp(context());
      const added = (
        await send('POST', '/api/me/cv/career', user, {
          season: '2023/24',
          teamName: 'SL Benfica U17',
        })
      ).json<Cv>();
      expect(added.career).toEqual([
        {
          id: expect.any(String) as string,
          season: '2023/24',
          teamName: 'SL Benfica U17',
          role: 'Member',
        },
      ]);
      const id = added.career[0]!.id;

      const edited = await send('PUT', `/api/me/cv/career/${id}`, user, {
        season: '2023/24',
        teamName: 'SL Benfica U17',
        role: 'Captain',
      });
      expect(edited.json<Cv>().career[0]?.role).toBe('Captain');

      const removed = await send('DELETE', `/api/me/cv/career/${id}`, user);
      expect(removed.json<Cv>().career).toEqual([]);
    });

    it('adds, edits and deletes awards', async () => {
      const user = await signUp(context());
      const added = await send('POST', '/api/me/cv/awards', user, {
        title: 'Top scorer',
        awardDate: '2024-06-01',
      });
      expect(added.statusCode).toBe(200);
      const award = added.json<Cv>().awards[0]!;
      expect(award).toMatchObject({
        title: 'Top scorer',
        description: null,
        awardDate: '2024-06-01',
      });

      const edited = await send('PUT', `/api/me/cv/awards/${award.id}`, user, {
        title: 'Golden Boot',
        description: '31 goals',
      });
      expect(edited.json<Cv>().awards[0]).toMatchObject({
        title: 'Golden Boot',
        description: '31 goals',
        awardDate: null,
      });
      expect(
        (await send('DELETE', `/api/me/cv/awards/${award.id}`, user)).json<Cv>().awards,
      ).toEqual([]);
    });

    it.each([
      ['/api/me/cv/career', { teamName: 'X' }, MESSAGES.cv.seasonRequired],
      ['/api/me/cv/career', { season: '2024', teamName: '' }, MESSAGES.cv.teamRequired],
      ['/api/me/cv/awards', { title: '' }, MESSAGES.cv.awardTitleRequired],
      ['/api/me/cv/awards', { title: 'MVP', awardDate: '2999-01-01' }, MESSAGES.cv.awardDateFuture],
    ])('refuses a bad entry for %s with a clear message', async (url, payload, message) => {
      const user = await signUp(context());
      const response = await send('POST', url, user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
    });

    it("refuses to change or delete someone else's entries, and visitors", async () => {
      const owner = await signUp(context());
      const intruder = await signUp(context());
      const seasonId = (
        await send('POST', '/api/me/cv/career', owner, { season: '2022', teamName: 'Porto' })
      ).json<Cv>().career[0]!.id;
      const awardId = (await send('POST', '/api/me/cv/awards', owner, { title: 'MVP' })).json<Cv>()
        .awards[0]!.id;

      for (const response of [
        await send('PUT', `/api/me/cv/career/${seasonId}`, intruder, {
          season: '1999',
          teamName: 'Hacked',
        }),
        await send('DELETE', `/api/me/cv/career/${seasonId}`, intruder),
        await send('PUT', `/api/me/cv/awards/${awardId}`, intruder, { title: 'Hacked' }),
        await send('DELETE', `/api/me/cv/awards/${awardId}`, intruder),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.cv.entryNotFound);
      }
      for (const response of [
        await send('PATCH', '/api/me/cv/athlete', null, { sport: 'X' }),
        await send('POST', '/api/me/cv/career', null, { season: '1', teamName: 'X' }),
        await send('DELETE', `/api/me/cv/awards/${awardId}`, null),
      ]) {
        expect(response.statusCode).toBe(401);
      }
      const cv = await cvOf(owner.input.username);
      expect(cv.career[0]?.teamName).toBe('Porto');
      expect(cv.awards[0]?.title).toBe('MVP');
    });

    it('answers 404 for an entry id that is not a uuid, and for an unknown profile', async () => {
      const user = await signUp(context());
      expect((await send('DELETE', '/api/me/cv/career/not-a-uuid', user)).statusCode).toBe(400);
      const unknown = await context().app.inject({
        method: 'GET',
        url: '/api/profiles/nobody_at_all_x/cv',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('reaches 100% with every field, a season and an award', async () => {
      const user = await signUp(context());
      await send('PATCH', '/api/me/profile', user, {
        fullName: 'Ana',
        username: user.input.username,
        bio: 'Hi',
      });
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const boundary = 'b0undary';
      await context().app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { ...user.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      await send('PATCH', '/api/me/cv/athlete', user, {
        sport: 'basketball',
        mainPosition: 'Point guard',
        otherPositions: 'Shooting guard',
        heightCm: 190,
        weightKg: 85,
        armSpan: '198 cm',
        birthdate: '2001-05-05',
        sex: 'Male',
        nationalities: 'Portuguese, Angolan',
        aboutPlayer: 'Vision and pace.',
        availabilityStatus: 'Available',
      });
      await send('POST', '/api/me/cv/career', user, { season: '2024/25', teamName: 'Sporting CP' });
      const cv = (
        await send('POST', '/api/me/cv/awards', user, { title: 'League MVP' })
      ).json<Cv>();
      expect(cv.fillRate).toBe(100);
    });

    it('saves where the athlete lives trimmed, keeps it through other saves, and clears it with a blank or null', async () => {
      const user = await signUp(context());
      const saved = await send('PATCH', '/api/me/cv/athlete', user, {
        country: '  Portugal ',
        city: ' Vila Nova de Gaia  ',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Cv>().athlete).toMatchObject({
        country: 'Portugal',
        city: 'Vila Nova de Gaia',
      });
      // At the limit is still fine; another section's save leaves the place as it is.
      const longest = 'C'.repeat(80);
      expect((await send('PATCH', '/api/me/cv/athlete', user, { city: longest })).statusCode).toBe(
        200,
      );
      await send('PATCH', '/api/me/cv/athlete', user, { sport: 'football' });
      expect((await cvOf(user.input.username)).athlete).toMatchObject({
        country: 'Portugal',
        city: longest,
      });

      const blank = await send('PATCH', '/api/me/cv/athlete', user, { city: '   ' });
      expect(blank.json<Cv>().athlete).toMatchObject({ country: 'Portugal', city: null });
      const cleared = await send('PATCH', '/api/me/cv/athlete', user, { country: null });
      expect(cleared.json<Cv>().athlete).toMatchObject({ country: null, city: null });
      // The fill rate does not count the place: it stays in step with the database's score.
      expect(saved.json<Cv>().fillRate).toBe(12);
    });

    it("shows a minor's city only to themself, verified organisations and admins; the country to all", async () => {
      const teen = await signUp(context(), { birthdate: birthdateAged(16) });
      const adult = await signUp(context(), { birthdate: birthdateAged(25) });
      for (const athlete of [teen, adult]) {
        const saved = await send('PATCH', '/api/me/cv/athlete', athlete, {
          country: 'Portugal',
          city: 'Braga',
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const player = await signUp(context());
      const unverifiedClub = await signUp(context(), { userType: 'club' });
      const club = await verifiedClub();
      const coach = await verifiedClub('coach');
      /** The CV as `reader` gets it, alone and within the profile page. */
      const placeFor = async (athlete: SignedUp, reader: SignedUp | null) => {
        const headers = reader?.bearer ?? {};
        const cv = await context().app.inject({
          method: 'GET',
          url: `/api/profiles/${athlete.input.username}/cv`,
          headers,
        });
        const page = await context().app.inject({
          method: 'GET',
          url: `/api/profiles/${athlete.input.username}`,
          headers,
        });
        expect(cv.statusCode, cv.body).toBe(200);
        expect(page.statusCode, page.body).toBe(200);
        const { country, city } = cv.json<Cv>().athlete;
        expect(page.json<{ cv: Cv }>().cv.athlete).toMatchObject({ country, city });
        return { country, city };
      };

      for (const reader of [player, unverifiedClub]) {
        expect(await placeFor(teen, reader)).toEqual({ country: 'Portugal', city: null });
      }
      for (const reader of [null, player, unverifiedClub]) {
        expect(await placeFor(adult, reader)).toEqual({ country: 'Portugal', city: 'Braga' });
      }
      // A visitor does not find a minor's profile at all (decision 0042).
      const visitor = await context().app.inject({
        method: 'GET',
        url: `/api/profiles/${teen.input.username}/cv`,
      });
      expect(visitor.statusCode).toBe(404);
      for (const reader of [teen, club, coach, await admin()]) {
        expect(await placeFor(teen, reader)).toEqual({ country: 'Portugal', city: 'Braga' });
      }
      // Nothing on the wire either: the city is not in what a player receives.
      const asPlayer = await context().app.inject({
        method: 'GET',
        url: `/api/profiles/${teen.input.username}/cv`,
        headers: player.bearer,
      });
      expect(asPlayer.body).not.toContain('Braga');

      // Without a birthdate (an account from before sign-up asked), an athlete counts as a minor.
      await forgetBirthdate(context(), adult);
      expect(await placeFor(adult, player)).toEqual({ country: 'Portugal', city: null });
      expect(await placeFor(adult, club)).toEqual({ country: 'Portugal', city: 'Braga' });
    });
  },
  OFFERS_CONFIG,
);
