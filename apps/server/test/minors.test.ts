import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { Cv } from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { ProfileCard, ProfileCardPage, ProfileSummary } from '@arena/shared/profile.schema';

import { selectRows } from '../src/db/database.ts';
import {
  containsSearchSql,
  prefixSearchSql,
} from '../src/modules/people/people-search.repository.ts';
import { newUser, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { unzip } from './zip.ts';
import { birthdateAged, forgetBirthdate, markVerified } from './minors-fixtures.ts';
import { outboxMails } from './outbox.ts';

describeEachDatabase(
  'minors: age at sign-up, the missing birthdate, who sees a minor',
  (context) => {
    const inject = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      user: SignedUp | null,
      payload?: object,
    ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
    const count = async (query: ReturnType<typeof sql>) =>
      (await selectRows<{ n: number }>(context().database.db, query))[0]?.n;

    describe('sign-up', () => {
      it('stores a player’s birthdate on their CV, and says none is missing', async () => {
        const athlete = await signUp(context(), { birthdate: birthdateAged(15) });
        expect(athlete.session.profile.birthdateMissing).toBe(false);
        const cv = (
          await inject('GET', `/api/profiles/${athlete.input.username}/cv`, athlete)
        ).json<Cv>();
        expect(cv.athlete.birthdate).toBe(birthdateAged(15));
        expect(cv.athlete.age).toBe(15);
      });

      it('refuses a player without a birthdate, or with one in the future or over 120 years ago', async () => {
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        for (const [birthdate, message] of [
          [undefined, MESSAGES.validation.birthdateRequired],
          ['2010-02-30', MESSAGES.validation.birthdateInvalid],
          ['15/05/2010', MESSAGES.validation.birthdateInvalid],
          [tomorrow, MESSAGES.validation.birthdatePast],
          ['1890-01-01', MESSAGES.validation.birthdateTooOld],
        ] as const) {
          const input = { ...newUser(), birthdate };
          const response = await inject('POST', '/api/auth/sign-up', null, input);
          expect(response.statusCode, String(birthdate)).toBe(400);
          expect(response.json()).toEqual({
            error: { code: 'validation_failed', message, fields: { birthdate: message } },
          });
        }
      });

      it('refuses anyone under 13 with the policy’s minimum age, and stores and sends nothing', async () => {
        const input = newUser({ birthdate: birthdateAged(12) });
        const response = await inject('POST', '/api/auth/sign-up', null, input);
        expect(response.statusCode).toBe(400);
        const message = MESSAGES.minors.underMinimumAge;
        expect(message).toContain('13');
        expect(response.json()).toEqual({
          error: { code: 'validation_failed', message, fields: { birthdate: message } },
        });
        expect(
          await count(
            sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${input.email.toLowerCase()}`,
          ),
        ).toBe(0);
        expect(
          await count(
            sql`SELECT count(*)::int AS n FROM profiles WHERE lower(username) = ${input.username.toLowerCase()}`,
          ),
        ).toBe(0);
        expect(await outboxMails(context().dataDir, input.email, 1).then((m) => m.length)).toBe(0);
        // Thirteen today is old enough.
        await signUp(context(), { birthdate: birthdateAged(13) });
      });

      it('asks an organisation to confirm it is 18 or over, and stores no birthdate for it', async () => {
        const input = { ...newUser({ userType: 'club' }), adultConfirmed: false };
        const refused = await inject('POST', '/api/auth/sign-up', null, input);
        expect(refused.statusCode).toBe(400);
        const message = MESSAGES.validation.adultConfirmRequired;
        expect(refused.json()).toEqual({
          error: { code: 'validation_failed', message, fields: { adultConfirmed: message } },
        });
        const { adultConfirmed: _omitted, ...withoutConfirmation } = input;
        expect(
          (await inject('POST', '/api/auth/sign-up', null, withoutConfirmation)).statusCode,
        ).toBe(400);
        const club = await signUp(context(), { userType: 'club' });
        expect(club.session.profile.birthdateMissing).toBe(false);
        expect(
          await count(
            sql`SELECT count(*)::int AS n FROM athlete_profiles WHERE profile_id = ${club.session.profile.id}::uuid`,
          ),
        ).toBe(0);
      });
    });

    describe('a player without a birthdate', () => {
      it('is told at sign-in and by the session, gives it once, and is a minor until then', async () => {
        const player = await signUp(context());
        await forgetBirthdate(context(), player);
        const signedIn = await inject('POST', '/api/auth/sign-in', null, {
          email: player.input.email,
          password: player.input.password,
        });
        const session = signedIn.json<Session>();
        expect(session.profile.birthdateMissing).toBe(true);
        const bearer = { authorization: `Bearer ${session.accessToken}` };
        const current = await context().app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: bearer,
        });
        expect(current.json<Session>().profile.birthdateMissing).toBe(true);

        // A minor until then: a visitor cannot see the profile.
        expect(
          (await inject('GET', `/api/profiles/${player.input.username}`, null)).statusCode,
        ).toBe(404);

        const given = await context().app.inject({
          method: 'PUT',
          url: '/api/me/birthdate',
          headers: bearer,
          payload: { birthdate: birthdateAged(30) },
        });
        expect(given.statusCode, given.body).toBe(200);
        expect(given.json()).toEqual({ birthdate: birthdateAged(30), age: 30, minor: false });
        const after = await context().app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: bearer,
        });
        expect(after.json<Session>().profile.birthdateMissing).toBe(false);
        expect(
          (await inject('GET', `/api/profiles/${player.input.username}`, null)).statusCode,
        ).toBe(200);

        // Once given, it changes on the CV, not here.
        const again = await context().app.inject({
          method: 'PUT',
          url: '/api/me/birthdate',
          headers: bearer,
          payload: { birthdate: birthdateAged(20) },
        });
        expect(again.statusCode).toBe(409);
        expect(again.json<{ error: { message: string } }>().error.message).toBe(
          MESSAGES.minors.birthdateAlreadyGiven,
        );
      });

      it('refuses a bad date and an organisation', async () => {
        const player = await signUp(context());
        await forgetBirthdate(context(), player);
        const bad = await inject('PUT', '/api/me/birthdate', player, { birthdate: '2999-01-01' });
        expect(bad.statusCode).toBe(400);
        const club = await signUp(context(), { userType: 'club' });
        const refused = await inject('PUT', '/api/me/birthdate', club, {
          birthdate: birthdateAged(30),
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ error: { message: string } }>().error.message).toBe(
          MESSAGES.minors.playersOnly,
        );
      });

      it('under 13: the account is deleted and signed out, with a clear message', async () => {
        const player = await signUp(context());
        await forgetBirthdate(context(), player);
        const refused = await inject('PUT', '/api/me/birthdate', player, {
          birthdate: birthdateAged(11),
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ error: { message: string } }>().error.message).toBe(
          MESSAGES.minors.underMinimumAgeAccount,
        );
        expect(
          await count(
            sql`SELECT count(*)::int AS n FROM profiles WHERE id = ${player.session.profile.id}::uuid`,
          ),
        ).toBe(0);
        expect((await inject('GET', '/api/auth/session', player)).statusCode).toBe(401);
        const signIn = await inject('POST', '/api/auth/sign-in', null, {
          email: player.input.email,
          password: player.input.password,
        });
        expect(signIn.statusCode).toBe(401);
      });
    });

    describe('the CV’s birthdate', () => {
      it('is exact for the owner only; others see the age; the export keeps it', async () => {
        const athlete = await signUp(context(), { birthdate: birthdateAged(16) });
        const other = await signUp(context());
        const own = (
          await inject('GET', `/api/profiles/${athlete.input.username}/cv`, athlete)
        ).json<Cv>();
        expect(own.athlete).toMatchObject({ birthdate: birthdateAged(16), age: 16 });
        const seen = (
          await inject('GET', `/api/profiles/${athlete.input.username}/cv`, other)
        ).json<Cv>();
        expect(seen.athlete).toMatchObject({ birthdate: null, age: 16 });
        const page = (await inject('GET', `/api/profiles/${athlete.input.username}`, other)).json<{
          cv: Cv;
        }>();
        expect(page.cv.athlete).toMatchObject({ birthdate: null, age: 16 });
        const adult = await signUp(context());
        const visitorView = (
          await inject('GET', `/api/profiles/${adult.input.username}/cv`, null)
        ).json<Cv>();
        expect(visitorView.athlete.birthdate).toBeNull();
        expect(visitorView.athlete.age).toBeGreaterThanOrEqual(18);
        const home = (await inject('GET', '/api/me/home', athlete)).json<{ cv: Cv | null }>();
        expect(home.cv?.athlete.birthdate).toBe(birthdateAged(16));
        const exported = await inject('GET', '/api/me/data-export', athlete);
        expect(exported.statusCode).toBe(200);
        const files = await unzip(exported.rawPayload);
        expect([...files.values()].some((bytes) => bytes.includes(birthdateAged(16)))).toBe(true);
      });

      it('cannot be removed, set under 13, or turn a minor into an adult; an adult may correct it', async () => {
        const m = MESSAGES.minors;
        const save = (who: SignedUp, birthdate: string | null) =>
          inject('PATCH', '/api/me/cv/athlete', who, { birthdate });
        const birthdateOf = async (who: SignedUp) =>
          (await inject('GET', `/api/profiles/${who.input.username}/cv`, who)).json<Cv>().athlete
            .birthdate;
        const minor = await signUp(context(), { birthdate: birthdateAged(15) });
        for (const [birthdate, message] of [
          [null, m.birthdateCannotBeRemoved],
          [birthdateAged(12), m.birthdateUnderMinimum],
          [birthdateAged(18), m.birthdateMinorToAdult],
          [birthdateAged(30), m.birthdateMinorToAdult],
        ] as const) {
          const refused = await save(minor, birthdate);
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json<{ error: { message: string } }>().error.message).toBe(message);
        }
        expect(await birthdateOf(minor)).toBe(birthdateAged(15));
        expect((await save(minor, birthdateAged(14))).statusCode).toBe(200);

        const adult = await signUp(context());
        expect((await save(adult, birthdateAged(31))).statusCode).toBe(200);
        expect(await birthdateOf(adult)).toBe(birthdateAged(31));
        expect((await save(adult, null)).statusCode).toBe(400);
        // An account from before sign-up asked gives it here as well as on the prompt.
        await forgetBirthdate(context(), adult);
        expect((await save(adult, null)).statusCode).toBe(200);
        expect((await save(adult, birthdateAged(25))).statusCode).toBe(200);
      });
    });

    describe('a 13 to 17 year old', () => {
      it('is for signed-in members only: a visitor gets what a missing profile gives', async () => {
        const minor = await signUp(context(), { birthdate: birthdateAged(15) });
        const member = await signUp(context());
        const post = await inject('POST', '/api/posts', minor, {
          content: 'Training hard',
          sport: 'football',
        });
        expect(post.statusCode, post.body).toBe(201);
        const postId = post.json<{ id: string }>().id;
        const missing = await inject('GET', '/api/profiles/nobody_by_that_name', null);
        for (const url of [
          `/api/profiles/${minor.input.username}`,
          `/api/profiles/${minor.input.username}/cv`,
          `/api/profiles/${minor.input.username}/posts`,
          `/api/posts/${postId}`,
        ]) {
          const response = await inject('GET', url, null);
          expect(response.statusCode, url).toBe(404);
          if (!url.startsWith('/api/posts')) expect(response.json()).toEqual(missing.json());
          expect((await inject('GET', url, member)).statusCode, url).toBe(200);
        }
        // Their comment on an adult's public post is not shown to visitors either.
        const adultPost = (
          await inject('POST', '/api/posts', member, { content: 'Open trial', sport: 'football' })
        ).json<{ id: string }>();
        await inject('POST', `/api/posts/${adultPost.id}/comments`, minor, {
          content: 'I will come',
        });
        const visitorComments = await inject('GET', `/api/posts/${adultPost.id}/comments`, null);
        expect(JSON.stringify(visitorComments.json())).not.toContain('I will come');
        const memberComments = await inject('GET', `/api/posts/${adultPost.id}/comments`, member);
        expect(JSON.stringify(memberComments.json())).toContain('I will come');
        // An adult's profile stays public.
        expect(
          (await inject('GET', `/api/profiles/${member.input.username}`, null)).statusCode,
        ).toBe(200);
      });

      it('is not suggested to adults (who to follow, Discover); minors still see each other', async () => {
        const name = `Minorsuggest ${Math.random().toString(36).slice(2, 8)}`;
        const minor = await signUp(context(), { birthdate: birthdateAged(14), fullName: name });
        const adult = await signUp(context());
        const peer = await signUp(context(), { birthdate: birthdateAged(16) });
        const discover = (viewer: SignedUp) =>
          inject('GET', `/api/people/discover?q=${encodeURIComponent(name)}&limit=20`, viewer).then(
            (r) => r.json<ProfileCardPage>().items.map((p) => p.id),
          );
        const suggestions = (viewer: SignedUp) =>
          inject('GET', '/api/people/suggestions', viewer).then((r) =>
            r.json<ProfileCard[]>().map((p) => p.id),
          );
        expect(await discover(adult)).not.toContain(minor.session.profile.id);
        expect(await discover(peer)).toContain(minor.session.profile.id);
        // The newest member is suggested to a newcomer, unless the newcomer is an adult.
        expect(await suggestions(adult)).not.toContain(minor.session.profile.id);
        expect(await suggestions(peer)).toContain(minor.session.profile.id);
      });

      it('is found in people search by minors and verified organisations only', async () => {
        const name = `Minorsearch${Math.random().toString(36).slice(2, 8)}`;
        const minor = await signUp(context(), { birthdate: birthdateAged(17), fullName: name });
        const adult = await signUp(context());
        const peer = await signUp(context(), { birthdate: birthdateAged(13) });
        const club = await signUp(context(), { userType: 'club' });
        const verifiedClub = await signUp(context(), { userType: 'agent' });
        await markVerified(context(), verifiedClub);
        const verifiedPlayer = await signUp(context());
        await markVerified(context(), verifiedPlayer);
        const found = async (viewer: SignedUp, text: string) =>
          (await inject('GET', `/api/people/search?q=${encodeURIComponent(text)}`, viewer))
            .json<ProfileSummary[]>()
            .some((p) => p.id === minor.session.profile.id);
        for (const text of [
          name.slice(0, 2).toLowerCase(),
          name.toLowerCase(),
          name.slice(3, 12),
        ]) {
          expect(await found(adult, text), text).toBe(false);
          expect(await found(club, text), text).toBe(false);
          expect(await found(verifiedPlayer, text), text).toBe(false);
          if (text.length > 2) {
            expect(await found(peer, text), text).toBe(true);
            expect(await found(verifiedClub, text), text).toBe(true);
          }
        }
      });

      it('keeps the lists on their indexes', async () => {
        const viewer = await signUp(context());
        const planOf = (query: ReturnType<typeof sql>) =>
          context().database.db.transaction(async (tx) => {
            await tx.execute(sql`SET LOCAL enable_seqscan = off`);
            const rows = await selectRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
            return rows.map((row) => row['QUERY PLAN']).join('\n');
          });
        const prefix = await planOf(prefixSearchSql('silva', 5, viewer.session.profile.id));
        expect(prefix).toContain('profiles_username_prefix_idx');
        expect(prefix).toContain('profiles_full_name_prefix_idx');
        expect(prefix).not.toContain('Seq Scan on profiles');
        const contains = await planOf(containsSearchSql('silva', 5, viewer.session.profile.id));
        expect(contains).toMatch(/trgm_idx/);
        expect(contains).not.toContain('Seq Scan on profiles');
      });
    });
  },
);

describe('minors-fixtures', () => {
  it('gives a birthdate of the age asked', () => {
    expect(birthdateAged(15, new Date('2026-03-01T00:00:00Z'))).toBe('2011-02-24');
  });
});
