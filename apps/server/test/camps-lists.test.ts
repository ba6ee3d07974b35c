import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { CAMP_MESSAGES as M, type Camp, type CampsQuery } from '@arena/shared/camp.schema';

import { signUp, signUpAdmin, type SignedUp } from './fixtures.ts';
import { campsHelpers, dayFromToday } from './camps-fixtures.ts';
import { describeEachDatabase } from './harness.ts';

type ErrorBody = { error: { code: string; message: string } };

const ADMIN_EMAIL = 'admin@camp-lists.test';

/** Upcoming, Past and My camps: order, paging, filters, and what each reader does not see. */
describeEachDatabase(
  'camp lists',
  (context) => {
    const { inject, verifiedClub, postCamp, register, view, list, moveDays } =
      campsHelpers(context);
    let adminUser: Promise<SignedUp> | undefined;
    const admin = () => (adminUser ??= signUpAdmin(context(), { email: ADMIN_EMAIL }));
    const refusal = (response: LightMyRequestResponse) => response.json<ErrorBody>().error;
    const ids = (page: { items: Camp[] }) => page.items.map((camp) => camp.id);

    describe('the lists', () => {
      it('orders upcoming camps by start date and pages through them without gaps', async () => {
        const club = await verifiedClub();
        const sport = 'water-polo' as const;
        const posted: Camp[] = [];
        for (let i = 0; i < 23; i += 1) {
          posted.push(
            await postCamp(club, {
              sport,
              startsOn: dayFromToday(40 - i),
              endsOn: dayFromToday(41 - i),
            }),
          );
        }
        const first = await list(null, { sport });
        expect(first.items).toHaveLength(20);
        expect(first.nextCursor).not.toBeNull();
        const second = await list(null, { sport, cursor: first.nextCursor ?? '' });
        expect(second.nextCursor).toBeNull();
        const seen = [...ids(first), ...ids(second)];
        expect(seen).toEqual(posted.map((camp) => camp.id).reverse());
        const starts = [...first.items, ...second.items].map((camp) => camp.startsOn);
        expect(starts).toEqual([...starts].sort());
      });

      it('moves a camp that ended to Past, keeps one under way in Upcoming, and marks cancelled ones', async () => {
        const club = await verifiedClub();
        const sport = 'golf' as const;
        const ended = await postCamp(club, { sport });
        const underWay = await postCamp(club, { sport });
        const cancelled = await postCamp(club, { sport });
        const older = await postCamp(club, { sport });
        await moveDays(ended.id, dayFromToday(-6), dayFromToday(-2));
        await moveDays(older.id, dayFromToday(-20), dayFromToday(-10));
        await moveDays(underWay.id, dayFromToday(-2), dayFromToday(0));
        const cancelling = await inject('POST', `/api/camps/${cancelled.id}/cancel`, club);
        expect(cancelling.statusCode).toBe(200);
        await moveDays(cancelled.id, dayFromToday(-4), dayFromToday(-3));

        expect(ids(await list(null, { sport }))).toEqual([underWay.id]);
        const past = await list(null, { sport, tab: 'past' });
        expect(ids(past)).toEqual([ended.id, cancelled.id, older.id]);
        expect(past.items.map((camp) => camp.closedReason)).toEqual([
          'started',
          'cancelled',
          'started',
        ]);
        expect((await view(null, underWay.id)).closedReason).toBe('started');
      });

      it('filters by country (any case), month, age and price', async () => {
        const club = await verifiedClub();
        const sport = 'handball' as const;
        const porto = await postCamp(club, { sport, country: 'Portugal', ageMin: 10, ageMax: 14 });
        const lyon = await postCamp(club, {
          sport,
          city: 'Lyon',
          country: 'France',
          ageMin: null,
          ageMax: null,
          price: 0,
          currency: null,
          startsOn: dayFromToday(70),
          endsOn: dayFromToday(75),
        });
        const q = (query: CampsQuery) => list(null, { sport, ...query }).then(ids);
        expect(await q({ country: 'portugal' })).toEqual([porto.id]);
        expect(await q({ country: 'FRANCE' })).toEqual([lyon.id]);
        expect(await q({ month: dayFromToday(72).slice(0, 7) })).toContain(lyon.id);
        expect(await q({ month: dayFromToday(72).slice(0, 7) })).not.toContain(porto.id);
        expect(await q({ age: 16 })).toEqual([lyon.id]);
        expect(await q({ age: 12 })).toEqual([porto.id, lyon.id]);
        expect(await q({ price: 'free' })).toEqual([lyon.id]);
        expect(await q({ price: '100' })).toEqual([lyon.id]);
        expect(await q({ price: '150' })).toEqual([porto.id, lyon.id]);
        for (const bad of ['month=2027-13', 'age=4', 'price=cheap', 'tab=soon', 'cursor=abc']) {
          expect((await inject('GET', `/api/camps?${bad}`, null)).statusCode, bad).toBe(400);
        }
      });

      it('hides the camps of an organisation that lost its verification, but not from it', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club, { sport: 'cricket' });
        await context().database.db.execute(
          sql`UPDATE profiles SET verified = false WHERE id = ${club.session.profile.id}::uuid`,
        );
        expect(ids(await list(null, { sport: 'cricket' }))).not.toContain(camp.id);
        expect((await inject('GET', `/api/camps/${camp.id}`, null)).statusCode).toBe(404);
        const own = await view(club, camp.id);
        expect(own.closedReason).toBe('paused');
        expect((await view(await admin(), camp.id)).canManage).toBe(true);
        const player = await signUp(context());
        const refused = await register(player, camp.id, 'booked');
        expect(refused.statusCode).toBe(400);
        expect(refusal(refused).message).toBe(M.closedPaused);
      });

      it('hides camps across a block, whoever blocked whom', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club, { sport: 'boxing' });
        const blocked = await signUp(context());
        const blocker = await signUp(context());
        await inject('PUT', `/api/profiles/${blocked.input.username}/block`, club);
        await inject('PUT', `/api/profiles/${club.input.username}/block`, blocker);
        for (const member of [blocked, blocker]) {
          expect(ids(await list(member, { sport: 'boxing' }))).not.toContain(camp.id);
          expect((await inject('GET', `/api/camps/${camp.id}`, member)).statusCode).toBe(404);
          expect((await register(member, camp.id, 'booked')).statusCode).toBe(404);
        }
        expect(ids(await list(null, { sport: 'boxing' }))).toContain(camp.id);
      });

      it('lists a member’s registrations under My camps, and asks visitors to sign in', async () => {
        const club = await verifiedClub();
        const member = await signUp(context());
        const later = await postCamp(club, {
          startsOn: dayFromToday(50),
          endsOn: dayFromToday(51),
        });
        const sooner = await postCamp(club, {
          startsOn: dayFromToday(20),
          endsOn: dayFromToday(21),
        });
        const dropped = await postCamp(club);
        await register(member, later.id, 'interested');
        await register(member, sooner.id, 'booked');
        await register(member, dropped.id, 'booked');
        await inject('DELETE', `/api/camps/${dropped.id}/registration`, member);
        const mine = await list(member, { tab: 'mine' });
        expect(ids(mine)).toEqual([sooner.id, later.id]);
        expect(mine.items.map((camp) => camp.myRegistration?.status)).toEqual([
          'booked',
          'interested',
        ]);
        expect((await inject('GET', '/api/camps?tab=mine', null)).statusCode).toBe(401);
      });
    });

    describe('more of the lists', () => {
      it('pages through Past, latest end first', async () => {
        const club = await verifiedClub();
        const sport = 'futsal' as const;
        const ended: Camp[] = [];
        for (let i = 0; i < 22; i += 1) {
          const camp = await postCamp(club, { sport });
          await moveDays(camp.id, dayFromToday(-40 - i), dayFromToday(-30 - i));
          ended.push(camp);
        }
        const first = await list(null, { sport, tab: 'past' });
        expect(first.items).toHaveLength(20);
        const second = await list(null, { sport, tab: 'past', cursor: first.nextCursor ?? '' });
        expect(second.nextCursor).toBeNull();
        expect([...ids(first), ...ids(second)]).toEqual(ended.map((camp) => camp.id));
        expect(ids(await list(null, { sport }))).toEqual([]);
      });

      it('takes a camp in a month when any of its days is in it', async () => {
        const club = await verifiedClub();
        const sport = 'badminton' as const;
        // A month at least two months ahead: its first day, and the day after its last.
        const ahead = new Date(Date.now() + 70 * 86_400_000);
        const month = ahead.toISOString().slice(0, 7);
        const firstDay = `${month}-01`;
        const next = new Date(Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, 1));
        const nextDay = next.toISOString().slice(0, 10);
        const dayBefore = new Date(Date.parse(`${firstDay}T00:00:00Z`) - 86_400_000)
          .toISOString()
          .slice(0, 10);
        const endsOnFirst = await postCamp(club, { sport, startsOn: dayBefore, endsOn: firstDay });
        const startsAfter = await postCamp(club, { sport, startsOn: nextDay, endsOn: nextDay });
        const across = await postCamp(club, {
          sport,
          startsOn: dayBefore,
          endsOn: nextDay,
        });
        // Both start the same day: the list orders them by id then.
        expect(ids(await list(null, { sport, month })).sort()).toEqual(
          [endsOnFirst.id, across.id].sort(),
        );
        expect(ids(await list(null, { sport }))).toContain(startsAfter.id);
      });

      it('keeps a cancelled camp in My camps, marked, and out of Upcoming', async () => {
        const club = await verifiedClub();
        const member = await signUp(context());
        const camp = await postCamp(club, { sport: 'volleyball' });
        await register(member, camp.id, 'booked');
        await inject('POST', `/api/camps/${camp.id}/cancel`, club);
        const mine = await list(member, { tab: 'mine' });
        expect(mine.items.find((item) => item.id === camp.id)).toMatchObject({
          closedReason: 'cancelled',
          myRegistration: { status: 'booked' },
        });
        expect(ids(await list(member, { sport: 'volleyball' }))).not.toContain(camp.id);
      });
    });
  },
  { adminEmails: [ADMIN_EMAIL] },
);
