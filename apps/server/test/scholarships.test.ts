import { describe, expect, it } from 'vitest';

import { sql } from 'drizzle-orm';

import {
  SCHOLARSHIP_MESSAGES as M,
  type Scholarship,
  type ScholarshipPage,
} from '@arena/shared/scholarship.schema';

import { signUp, type SignedUp, verificationRequestBody } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';
import { inDays, scholarshipBody, scholarshipsHelpers } from './scholarships-fixtures.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

// Applying, the pipeline, the poster's changes and the offers' routes: scholarships-pipeline.test.ts.
describeEachDatabase(
  'scholarships: posting and the list',
  (context) => {
    const { admin, apply, review, verifiedClub } = offersHelpers(context);
    const { call, postScholarship } = scholarshipsHelpers(context);
    const list = async (query: string, user: SignedUp | null = null) => {
      const response = await call('GET', `/api/scholarships?${query}`, user);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ScholarshipPage>();
    };
    /** A country no other test uses, so that a test's list holds only its own scholarships. */
    const uniqueCountry = () => `Country ${Math.random().toString(36).slice(2, 10)}`;

    describe('posting', () => {
      it('lets a verified club post one with every field, and shows it to everyone', async () => {
        const club = await verifiedClub();
        const posted = await postScholarship(club);
        expect(posted).toMatchObject({
          title: scholarshipBody.title,
          institution: scholarshipBody.institution,
          country: 'United States',
          level: 'ncaa-d1',
          coverage: 'full',
          amount: scholarshipBody.amount,
          places: 2,
          signedCount: 0,
          ageMin: 17,
          ageMax: 19,
          academicRequirements: scholarshipBody.academicRequirements,
          positions: scholarshipBody.positions,
          howToApply: scholarshipBody.howToApply,
          applicationCount: 0,
          paused: false,
          appliedByMe: false,
          closedReason: null,
          canManage: true,
          poster: { id: club.session.profile.id, verified: true },
        });
        expect(Date.parse(posted.deadline)).toBe(Date.parse(scholarshipBody.deadline));
        const seen = await call('GET', `/api/scholarships/${posted.id}`, null);
        expect(seen.json<Scholarship>()).toMatchObject({ id: posted.id, canManage: false });
        const other = await call('GET', `/api/scholarships/${posted.id}`, await verifiedClub());
        expect(other.json<Scholarship>().canManage).toBe(false);
        const asAdmin = await call('GET', `/api/scholarships/${posted.id}`, await admin());
        expect(asAdmin.json<Scholarship>().canManage).toBe(true);
      });

      it('leaves the optional fields empty', async () => {
        const posted = await postScholarship(await verifiedClub('coach'), {
          amount: '',
          ageMin: null,
          ageMax: null,
          academicRequirements: '  ',
          positions: '',
          howToApply: '',
        });
        expect(posted).toMatchObject({
          amount: null,
          ageMin: null,
          ageMax: null,
          academicRequirements: null,
          positions: null,
          howToApply: null,
        });
      });

      it('refuses players, unverified clubs and visitors as offers do; admins post', async () => {
        const player = await signUp(context(), { userType: 'player' });
        const asPlayer = await call('POST', '/api/scholarships', player, scholarshipBody);
        expect(asPlayer.statusCode).toBe(403);
        expect(asPlayer.json<ErrorBody>().error.message).toBe(M.accessDenied);
        const club = await signUp(context(), { userType: 'club' });
        const unverified = await call('POST', '/api/scholarships', club, scholarshipBody);
        expect(unverified.statusCode).toBe(403);
        expect(unverified.json<ErrorBody>().error.message).toBe(M.verificationRequired);
        expect((await call('POST', '/api/scholarships', null, scholarshipBody)).statusCode).toBe(
          401,
        );
        await postScholarship(await admin());
      });

      it('says what is wrong with each field, and stores nothing', async () => {
        const club = await verifiedClub();
        const long = (n: number) => 'x'.repeat(n + 1);
        const cases: [object, string, string][] = [
          [{ title: '' }, 'title', M.titleRequired],
          [{ title: long(120) }, 'title', M.tooLong],
          [{ institution: ' ' }, 'institution', M.institutionRequired],
          [{ sport: '' }, 'sport', M.sportRequired],
          [{ country: '' }, 'country', M.countryRequired],
          [{ level: 'kindergarten' }, 'level', M.levelRequired],
          [{ coverage: undefined }, 'coverage', M.coverageRequired],
          [{ places: 0 }, 'places', M.placesInvalid],
          [{ places: 1.5 }, 'places', M.placesInvalid],
          [{ places: 1000 }, 'places', M.placesInvalid],
          [{ ageMin: 4 }, 'ageMin', M.agesInvalid],
          [{ ageMin: 20, ageMax: 18 }, 'ageMax', M.agesInvalid],
          [{ deadline: undefined }, 'deadline', M.deadlineRequired],
          [{ deadline: '2020-01-01T00:00:00Z' }, 'deadline', M.deadlineRequired],
          [{ deadline: 'next week' }, 'deadline', M.deadlineRequired],
          [{ description: '' }, 'description', M.descriptionRequired],
          [{ description: long(5000) }, 'description', M.tooLong],
          [{ howToApply: long(2000) }, 'howToApply', M.tooLong],
        ];
        const country = uniqueCountry();
        for (const [patch, field, message] of cases) {
          const response = await call('POST', '/api/scholarships', club, {
            ...scholarshipBody,
            country,
            ...patch,
          });
          expect(response.statusCode, field).toBe(400);
          expect(response.json<ErrorBody>().error.fields?.[field], field).toBe(message);
        }
        expect((await list(`country=${encodeURIComponent(country)}`)).items).toEqual([]);
      });
    });

    describe('the list', () => {
      it('lists open ones by deadline, soonest first, and filters combine', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const late = await postScholarship(club, { country, deadline: inDays(40) });
        const soon = await postScholarship(club, {
          country,
          deadline: inDays(5),
          sport: 'basketball',
          level: 'academy',
          coverage: 'partial',
        });
        const middle = await postScholarship(club, { country, deadline: inDays(20) });
        const all = await list(`country=${encodeURIComponent(country.toUpperCase())}`);
        expect(all.items.map((s) => s.id)).toEqual([soon.id, middle.id, late.id]);
        const byCountry = (query: string) =>
          list(`country=${encodeURIComponent(country)}&${query}`).then((page) =>
            page.items.map((s) => s.id),
          );
        expect(await byCountry('sport=basketball')).toEqual([soon.id]);
        expect(await byCountry('level=ncaa-d1')).toEqual([middle.id, late.id]);
        expect(await byCountry('coverage=partial&level=academy')).toEqual([soon.id]);
        expect(await byCountry('coverage=housing')).toEqual([]);
        const hostile = [
          'level=nba',
          'coverage=all',
          'sport=chess',
          'cursor=bm9wZQ',
          'mine=yes',
          `country=${'x'.repeat(81)}`,
          'level=academy&level=ncaa-d1',
          'country=%00',
        ];
        for (const bad of hostile) {
          expect((await call('GET', `/api/scholarships?${bad}`, null)).statusCode, bad).toBe(400);
        }
      });

      it('pages by deadline without skipping or repeating', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const posted: string[] = [];
        for (let day = 1; day <= 22; day += 1) {
          // Two share a deadline: the id breaks the tie.
          const deadline = inDays(day === 22 ? 21 : day);
          posted.push((await postScholarship(club, { country, deadline })).id);
        }
        const first = await list(`country=${encodeURIComponent(country)}`);
        expect(first.items).toHaveLength(20);
        expect(first.nextCursor).not.toBeNull();
        const second = await list(
          `country=${encodeURIComponent(country)}&cursor=${first.nextCursor}`,
        );
        expect(second.nextCursor).toBeNull();
        const seen = [...first.items, ...second.items].map((s) => s.id);
        expect(new Set(seen).size).toBe(22);
        expect(seen.slice(0, 20)).toEqual(posted.slice(0, 20));
      });

      it('leaves out closed, past-deadline and full ones, and offers', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const open = await postScholarship(club, { country });
        const closed = await postScholarship(club, { country });
        const past = await postScholarship(club, { country });
        const full = await postScholarship(club, { country, places: 1 });
        expect(
          (await call('PATCH', `/api/scholarships/${closed.id}`, club, { closed: true }))
            .statusCode,
        ).toBe(200);
        await context().database.db.execute(
          sql`UPDATE athlete_offers SET deadline = now() - interval '1 minute' WHERE id = ${past.id}`,
        );
        await context().database.db.execute(
          sql`UPDATE athlete_offers SET signed_count = 1 WHERE id = ${full.id}`,
        );
        const ids = (await list(`country=${encodeURIComponent(country)}`)).items.map((s) => s.id);
        expect(ids).toEqual([open.id]);
        const reasons = async (id: string) =>
          (await call('GET', `/api/scholarships/${id}`, null)).json<Scholarship>().closedReason;
        expect(await reasons(closed.id)).toBe('closed');
        expect(await reasons(past.id)).toBe('deadline');
        expect(await reasons(full.id)).toBe('full');
        const reopen = await call('PATCH', `/api/scholarships/${past.id}`, club, { closed: false });
        expect(reopen.statusCode).toBe(409);
        expect(reopen.json<ErrorBody>().error.message).toBe(M.reopenPastDeadline);
        const late = await apply(await signUp(context()), past.id);
        expect(late.statusCode).toBe(409);
        expect(late.json<ErrorBody>().error.message).toBe(M.closedReasons.deadline);
      });

      it('pauses the scholarships of a club whose verification was removed', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const posted = await postScholarship(club, { country });
        await review(club, 'disapprove');
        expect((await list(`country=${encodeURIComponent(country)}`)).items).toEqual([]);
        expect((await call('GET', `/api/scholarships/${posted.id}`, null)).statusCode).toBe(404);
        const own = await call('GET', `/api/scholarships/${posted.id}`, club);
        expect(own.json<Scholarship>().paused).toBe(true);
        const player = await signUp(context());
        expect((await apply(player, posted.id)).statusCode).toBe(409);
        // Verified again: a new request, approved.
        const renewed = await call('POST', '/api/me/verification', club, verificationRequestBody);
        expect(renewed.statusCode, renewed.body).toBe(201);
        await review(club, 'approve');
        expect((await list(`country=${encodeURIComponent(country)}`)).items).toHaveLength(1);
      });

      it('lists the caller’s own in every state with mine, and asks visitors to sign in', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const open = await postScholarship(club, { country, deadline: inDays(9) });
        const closed = await postScholarship(club, { country, deadline: inDays(3) });
        await call('PATCH', `/api/scholarships/${closed.id}`, club, { closed: true });
        await postScholarship(await verifiedClub(), { country });
        await review(club, 'disapprove');
        const mine = await list('mine=true', club);
        expect(mine.items.map((s) => [s.id, s.closedReason, s.paused, s.canManage])).toEqual([
          [closed.id, 'closed', true, true],
          [open.id, null, true, true],
        ]);
        const visitor = await call('GET', '/api/scholarships?mine=true', null);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json<ErrorBody>().error.message).toBe(M.mineSignIn);
        expect((await list('mine=true', await signUp(context()))).items).toEqual([]);
      });

      it('hides them across a block, both ways in the list', async () => {
        const club = await verifiedClub();
        const country = uniqueCountry();
        const posted = await postScholarship(club, { country });
        const blocked = await signUp(context());
        const blocker = await signUp(context());
        const block = (by: SignedUp, username: string) =>
          call('PUT', `/api/profiles/${username}/block`, by);
        expect((await block(club, blocked.input.username)).statusCode).toBe(200);
        expect((await block(blocker, club.input.username)).statusCode).toBe(200);
        for (const viewer of [blocked, blocker]) {
          expect((await list(`country=${encodeURIComponent(country)}`, viewer)).items).toEqual([]);
        }
        expect((await call('GET', `/api/scholarships/${posted.id}`, blocked)).statusCode).toBe(404);
        expect((await list(`country=${encodeURIComponent(country)}`)).items).toHaveLength(1);
      });
    });
  },
  OFFERS_CONFIG,
);
