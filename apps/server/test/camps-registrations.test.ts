import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

import {
  CAMP_MESSAGES as M,
  type Camp,
  type CampRegistration,
  campRegistrationSchema,
} from '@arena/shared/camp.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';

import { selectRows } from '../src/db/database.ts';
import { campBody, campsHelpers, dayFromToday } from './camps-fixtures.ts';
import { signUp, signUpAdmin, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { outboxMails } from './outbox.ts';
import { linkIn } from './smtp-sink.ts';

type ErrorBody = { error: { code: string; message: string } };

const ADMIN_EMAIL = 'admin@camp-registrations.test';

describeEachDatabase(
  'camp registrations',
  (context) => {
    const { inject, verifiedClub, postCamp, register, unregister, view, moveDays } =
      campsHelpers(context);
    const message = (response: LightMyRequestResponse) => response.json<ErrorBody>().error.message;
    const campOf = (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Camp>();
    };
    const notices = async (user: SignedUp) =>
      (await inject('GET', '/api/notifications', user)).json<NotificationPage>().items;
    const registrations = async (user: SignedUp, campId: string, query = '') => {
      const response = await inject('GET', `/api/camps/${campId}/registrations${query}`, user);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ items: unknown[]; nextCursor: string | null }>();
      // Each row as the contract has it: the web reads these fields.
      const items: CampRegistration[] = page.items.map((row) => campRegistrationSchema.parse(row));
      return { items, nextCursor: page.nextCursor };
    };
    const bookedCount = async (campId: string) => {
      const [row] = await selectRows<{ booked_count: number }>(
        context().database.db,
        sql`SELECT booked_count FROM camps WHERE id = ${campId}::uuid`,
      );
      return row?.booked_count;
    };

    it('registers interest, turns it into a place, and refuses a second registration', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 2 });
      const member = await signUp(context());
      const interested = campOf(await register(member, camp.id, 'interested'));
      expect(interested).toMatchObject({
        placesLeft: 2,
        myRegistration: { status: 'interested', waitlistPosition: null },
      });
      const again = await register(member, camp.id, 'interested');
      expect(again.statusCode).toBe(409);
      expect(message(again)).toBe(M.alreadyRegistered);
      const booked = campOf(await register(member, camp.id, 'booked'));
      expect(booked).toMatchObject({ placesLeft: 1, myRegistration: { status: 'booked' } });
      const twice = await register(member, camp.id, 'booked');
      expect(twice.statusCode).toBe(409);
      expect(message(twice)).toBe(M.alreadyRegistered);
      expect(await bookedCount(camp.id)).toBe(1);
    });

    it('puts members on the waiting list once full, in the order they joined it', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 1 });
      const [first, second, third] = [
        await signUp(context()),
        await signUp(context()),
        await signUp(context()),
      ] as [SignedUp, SignedUp, SignedUp];
      expect(campOf(await register(first, camp.id, 'booked')).placesLeft).toBe(0);
      const waiting = campOf(await register(second, camp.id, 'booked'));
      expect(waiting.myRegistration).toEqual({ status: 'waitlisted', waitlistPosition: 1 });
      const later = campOf(await register(third, camp.id, 'booked'));
      expect(later).toMatchObject({
        waitlistCount: 2,
        myRegistration: { status: 'waitlisted', waitlistPosition: 2 },
      });
      expect((await view(null, camp.id)).waitlistCount).toBe(2);
    });

    it('gives the last place to exactly one of two members booking at once', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 1 });
      const a = await signUp(context());
      const b = await signUp(context());
      const answers = await Promise.all([
        register(a, camp.id, 'booked'),
        register(b, camp.id, 'booked'),
      ]);
      const statuses = answers.map((answer) => campOf(answer).myRegistration?.status).sort();
      expect(statuses).toEqual(['booked', 'waitlisted']);
      expect(await bookedCount(camp.id)).toBe(1);
    });

    it('moves the first on the waiting list up when a place is cancelled, and tells them and the organiser', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 1 });
      const holder = await signUp(context());
      const next = await signUp(context());
      const after = await signUp(context());
      await register(holder, camp.id, 'booked');
      await register(next, camp.id, 'booked');
      await register(after, camp.id, 'booked');

      const cancelled = campOf(await unregister(holder, camp.id));
      expect(cancelled).toMatchObject({ myRegistration: null, placesLeft: 0, waitlistCount: 1 });
      expect((await view(next, camp.id)).myRegistration).toEqual({
        status: 'booked',
        waitlistPosition: null,
      });
      expect((await view(after, camp.id)).myRegistration).toEqual({
        status: 'waitlisted',
        waitlistPosition: 1,
      });
      expect(await bookedCount(camp.id)).toBe(1);
      expect((await notices(next)).map((n) => n.subject)).toEqual([
        { type: 'camp', id: camp.id, title: camp.title, change: 'promoted' },
      ]);
      expect(await notices(after)).toEqual([]);

      // The organiser's entries gather per camp: one for the three registrations, one for the cancellation.
      const organiser = await notices(club);
      const registered = organiser.find((n) => n.kind === 'camp_registration');
      expect(registered).toMatchObject({
        actorCount: 3,
        href: `/sport-camps/${camp.id}#registrations`,
      });
      const left = organiser.find((n) => n.kind === 'camp_cancellation');
      expect(left).toMatchObject({ actorCount: 1, actors: [{ id: holder.session.profile.id }] });
      expect(organiser).toHaveLength(2);

      const none = await unregister(holder, camp.id);
      expect(none.statusCode).toBe(400);
      expect(message(none)).toBe(M.notRegistered);
    });

    it('reuses the member’s one row when they register again after cancelling', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 5 });
      const member = await signUp(context());
      await register(member, camp.id, 'booked');
      await unregister(member, camp.id);
      expect(campOf(await register(member, camp.id, 'interested')).myRegistration?.status).toBe(
        'interested',
      );
      const page = await registrations(club, camp.id);
      expect(page.items.map((row) => [row.member.id, row.status])).toEqual([
        [member.session.profile.id, 'interested'],
      ]);
      expect(await bookedCount(camp.id)).toBe(0);
    });

    it('refuses the organiser, and registrations once closed (started, deadline)', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club);
      const own = await register(club, camp.id, 'booked');
      expect(own.statusCode).toBe(400);
      expect(message(own)).toBe(M.ownCamp);

      const member = await signUp(context());
      await register(member, camp.id, 'booked');
      await context().database.db.execute(
        sql`UPDATE camps SET registration_deadline = now() - interval '1 minute' WHERE id = ${camp.id}::uuid`,
      );
      const late = await register(await signUp(context()), camp.id, 'interested');
      expect(late.statusCode).toBe(400);
      expect(message(late)).toBe(M.closedDeadline);
      expect((await view(null, camp.id)).closedReason).toBe('deadline');

      await moveDays(camp.id, dayFromToday(0), dayFromToday(2));
      const started = await register(await signUp(context()), camp.id, 'booked');
      expect(message(started)).toBe(M.closedStarted);
      const cancelLate = await unregister(member, camp.id);
      expect(cancelLate.statusCode).toBe(400);
      expect(message(cancelLate)).toBe(M.closedStarted);
      expect((await view(member, camp.id)).myRegistration?.status).toBe('booked');
    });

    it('moves the waiting list up when the capacity grows', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 1 });
      const members = [await signUp(context()), await signUp(context()), await signUp(context())];
      for (const member of members) await register(member, camp.id, 'booked');
      const grown = await inject('PUT', `/api/camps/${camp.id}`, club, {
        ...campBody(),
        capacity: 2,
      });
      expect(campOf(grown)).toMatchObject({ capacity: 2, placesLeft: 0, waitlistCount: 1 });
      expect((await view(members[1]!, camp.id)).myRegistration?.status).toBe('booked');
      expect((await notices(members[1]!))[0]?.subject).toMatchObject({ change: 'promoted' });
      expect((await view(members[2]!, camp.id)).myRegistration?.waitlistPosition).toBe(1);
    });

    it('shows the registrations to the organiser and admins only, filtered and paged', async () => {
      const club = await verifiedClub();
      const camp = await postCamp(club, { capacity: 20 });
      const members: SignedUp[] = [];
      for (let i = 0; i < 22; i += 1) {
        const member = await signUp(context());
        members.push(member);
        await register(member, camp.id, i === 0 ? 'interested' : 'booked');
      }
      const first = await registrations(club, camp.id);
      expect(first.items).toHaveLength(20);
      const second = await registrations(
        club,
        camp.id,
        `?cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      expect([...first.items, ...second.items].map((row) => row.member.id)).toEqual(
        members.map((member) => member.session.profile.id),
      );
      expect(first.items[0]?.member).toMatchObject({ username: members[0]!.input.username });
      const waiting = await registrations(club, camp.id, '?status=waitlisted');
      expect(waiting.items.map((row) => row.member.id)).toEqual([members[21]!.session.profile.id]);

      const admin = await signUpAdmin(context(), { email: ADMIN_EMAIL });
      expect((await registrations(admin, camp.id, '?status=interested')).items).toHaveLength(1);
      const refused = await inject('GET', `/api/camps/${camp.id}/registrations`, members[0]!);
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(M.notYours);
      const visitor = await inject('GET', `/api/camps/${camp.id}/registrations`, null);
      expect(visitor.statusCode).toBe(401);
    });

    it('tells the confirmed guardian of an athlete under 18 of their registration', async () => {
      const athlete = await signUp(context(), { birthdate: birthdateAged(15) });
      const email = `parent.${Math.random().toString(36).slice(2, 10)}@guardian.test`;
      expect((await inject('PUT', '/api/me/guardian', athlete, { email })).statusCode).toBe(200);
      const [confirmation] = await outboxMails(context().dataDir, email, 1);
      const { token } = linkIn({ text: confirmation?.text ?? '' }, '/guardian/confirm');
      const confirmed = await context().app.inject({
        method: 'POST',
        url: '/api/guardians/confirm',
        payload: { token },
      });
      expect(confirmed.statusCode).toBe(200);

      const club = await verifiedClub();
      const camp = await postCamp(club, { title: 'U16 keeper camp', organizer: 'FC Harbour' });
      campOf(await register(athlete, camp.id, 'booked'));
      const mails = await outboxMails(context().dataDir, email, 2);
      const notice = mails.find((mail) => mail.subject?.includes('registered for a camp'));
      expect(notice?.text).toContain('booked a place at the camp “U16 keeper camp”');
      expect(notice?.text).toContain('FC Harbour');
    });
  },
  { adminEmails: [ADMIN_EMAIL] },
);
