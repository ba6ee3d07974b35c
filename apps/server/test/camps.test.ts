import { existsSync } from 'node:fs';
import path from 'node:path';

import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { CAMP_MAX_DAYS, CAMP_MESSAGES as M, type Camp } from '@arena/shared/camp.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { NotificationPage } from '@arena/shared/notification.schema';

import { signUp, signUpAdmin, type SignedUp } from './fixtures.ts';
import { campBody, campsHelpers, dayFromToday } from './camps-fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { png } from './upload-attack-files.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const ADMIN_EMAIL = 'admin@camps.test';

// The lists: camps-lists.test.ts; registrations, the waiting list and their notices:
// camps-registrations.test.ts.
describeEachDatabase(
  'camps',
  (context) => {
    const { inject, verifiedClub, postCamp, register, view, list, moveDays, uploadPhoto } =
      campsHelpers(context);
    let adminUser: Promise<SignedUp> | undefined;
    const admin = () => (adminUser ??= signUpAdmin(context(), { email: ADMIN_EMAIL }));
    const refusal = (response: LightMyRequestResponse) => response.json<ErrorBody>().error;
    const ids = (page: { items: Camp[] }) => page.items.map((camp) => camp.id);

    describe('posting', () => {
      it('lets a verified club, agent or coach post, and shows the camp to visitors', async () => {
        for (const kind of ['club', 'agent', 'coach'] as const) {
          const poster = await verifiedClub(kind);
          const camp = await postCamp(poster);
          expect(camp).toMatchObject({
            title: 'Summer striker camp',
            price: 149.5,
            currency: 'EUR',
            capacity: 20,
            placesLeft: 20,
            waitlistCount: 0,
            closedReason: null,
            myRegistration: null,
            canManage: true,
            image: null,
            poster: { id: poster.session.profile.id, verified: true },
          });
          const seen = await view(null, camp.id);
          expect(seen).toMatchObject({ id: camp.id, canManage: false, myRegistration: null });
        }
      });

      it('refuses a player, an unverified organisation and visitors with the messages', async () => {
        const player = await signUp(context(), { userType: 'player' });
        const asPlayer = await inject('POST', '/api/camps', player, campBody());
        expect(asPlayer.statusCode).toBe(403);
        expect(refusal(asPlayer).message).toBe(M.accessDenied);
        const club = await signUp(context(), { userType: 'club' });
        const unverified = await inject('POST', '/api/camps', club, campBody());
        expect(unverified.statusCode).toBe(403);
        expect(refusal(unverified).message).toBe(M.verificationRequired);
        expect((await inject('POST', '/api/camps', null, campBody())).statusCode).toBe(401);
      });

      it('lets an admin post', async () => {
        const camp = await postCamp(await admin());
        expect(camp.canManage).toBe(true);
      });

      it('refuses each invalid field with its message and stores nothing', async () => {
        const club = await verifiedClub();
        const cases: [object, string][] = [
          [{ title: '  ' }, M.titleRequired],
          [{ title: 'x'.repeat(121) }, M.tooLong],
          [{ description: 'x'.repeat(5001) }, M.tooLong],
          [{ description: '' }, M.descriptionRequired],
          [{ organizer: '' }, M.organizerRequired],
          [{ contact: '' }, M.contactRequired],
          [{ sport: '' }, M.sportRequired],
          [{ sport: 'chess' }, MESSAGES.validation.sportUnknown],
          [{ level: 'pro' }, M.levelRequired],
          [{ venue: '' }, M.placeRequired],
          [{ startsOn: '2027-02-30' }, M.dateInvalid],
          [{ startsOn: dayFromToday(0), endsOn: dayFromToday(2) }, M.startInPast],
          [{ startsOn: dayFromToday(-3), endsOn: dayFromToday(2) }, M.startInPast],
          [{ endsOn: dayFromToday(29) }, M.endBeforeStart],
          [{ endsOn: dayFromToday(30 + CAMP_MAX_DAYS) }, M.tooManyDays],
          [{ ageMin: 4 }, M.agesInvalid],
          [{ ageMin: 18, ageMax: 12 }, M.agesInvalid],
          [{ capacity: 0 }, M.capacityInvalid],
          [{ capacity: 10_001 }, M.capacityInvalid],
          [{ capacity: 2.5 }, M.capacityInvalid],
          [{ price: -1 }, M.priceInvalid],
          [{ price: 10.001 }, M.priceInvalid],
          [{ currency: null }, M.currencyRequired],
          [
            { registrationDeadline: new Date(Date.now() - 60_000).toISOString() },
            M.deadlineInvalid,
          ],
          [
            { registrationDeadline: new Date(Date.now() + 40 * 86_400_000).toISOString() },
            M.deadlineInvalid,
          ],
        ];
        const before = await list(null, { sport: 'football' });
        for (const [patch, message] of cases) {
          const response = await inject('POST', '/api/camps', club, { ...campBody(), ...patch });
          expect(response.statusCode, JSON.stringify(patch)).toBe(400);
          expect(response.body, JSON.stringify(patch)).toContain(message);
        }
        expect(ids(await list(null, { sport: 'football' }))).toEqual(ids(before));
      });

      it('takes an online camp without a place, and a free one without a currency', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club, {
          online: true,
          venue: 'ignored',
          city: null,
          country: null,
          price: 0,
          currency: null,
        });
        expect(camp).toMatchObject({ online: true, venue: null, price: 0, currency: null });
      });

      it('attaches an uploaded photo, refuses another member’s upload, and deletes it with the camp', async () => {
        const club = await verifiedClub();
        const other = await verifiedClub();
        const photo = await uploadPhoto(club, await png(64, 48));
        const stolen = await inject('POST', '/api/camps', other, {
          ...campBody(),
          imageUploadId: photo.id,
        });
        expect(stolen.statusCode).toBe(400);
        expect(refusal(stolen).message).toBe(M.imageMissing);

        const camp = await postCamp(club, { imageUploadId: photo.id });
        expect(camp.image).toMatchObject({ url: photo.url, width: 64, height: 48 });
        const stored = path.join(context().dataDir, 'storage', photo.url.replace(/^\/files\//, ''));
        expect(existsSync(stored)).toBe(true);
        // The upload is used: a second camp cannot claim it.
        const again = await inject('POST', '/api/camps', club, {
          ...campBody(),
          imageUploadId: photo.id,
        });
        expect(again.statusCode).toBe(400);

        // An edit keeps the photo unless told otherwise; a new one replaces it.
        const kept = await inject('PUT', `/api/camps/${camp.id}`, club, {
          ...campBody(),
          title: 'Renamed',
        });
        expect(kept.json<Camp>().image?.url).toBe(photo.url);
        const second = await uploadPhoto(club, await png(32, 32));
        const replaced = await inject('PUT', `/api/camps/${camp.id}`, club, {
          ...campBody(),
          imageUploadId: second.id,
        });
        expect(replaced.json<Camp>().image?.url).toBe(second.url);
        expect(existsSync(stored)).toBe(false);

        const deleted = await inject('DELETE', `/api/camps/${camp.id}`, club);
        expect(deleted.statusCode).toBe(204);
        const secondStored = path.join(
          context().dataDir,
          'storage',
          second.url.replace(/^\/files\//, ''),
        );
        expect(existsSync(secondStored)).toBe(false);
        expect((await inject('GET', `/api/camps/${camp.id}`, club)).statusCode).toBe(404);
      });
    });

    describe('editing, cancelling, deleting', () => {
      it('lets only the organiser or an admin edit, cancel and delete', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club);
        const other = await verifiedClub();
        for (const [method, url, body] of [
          ['PUT', `/api/camps/${camp.id}`, campBody()],
          ['POST', `/api/camps/${camp.id}/cancel`, undefined],
          ['DELETE', `/api/camps/${camp.id}`, undefined],
        ] as const) {
          const response = await inject(method, url, other, body);
          expect(response.statusCode, url).toBe(403);
          expect(refusal(response).message).toBe(M.notYours);
        }
        const edited = await inject('PUT', `/api/camps/${camp.id}`, await admin(), {
          ...campBody(),
          title: 'Edited by an admin',
        });
        expect(edited.json<Camp>().title).toBe('Edited by an admin');
        expect((await inject('DELETE', `/api/camps/${camp.id}`, await admin())).statusCode).toBe(
          204,
        );
      });

      it('keeps the capacity at or above the booked places and refuses edits once it started', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club, { capacity: 3 });
        for (let i = 0; i < 2; i += 1) {
          expect((await register(await signUp(context()), camp.id, 'booked')).statusCode).toBe(200);
        }
        const below = await inject('PUT', `/api/camps/${camp.id}`, club, {
          ...campBody(),
          capacity: 1,
        });
        expect(below.statusCode).toBe(400);
        expect(refusal(below)).toMatchObject({
          message: M.capacityBelowBooked,
          fields: { capacity: M.capacityBelowBooked },
        });
        await moveDays(camp.id, dayFromToday(0), dayFromToday(3));
        const started = await inject('PUT', `/api/camps/${camp.id}`, club, campBody());
        expect(refusal(started).message).toBe(M.closedStarted);
        const cancel = await inject('POST', `/api/camps/${camp.id}/cancel`, club);
        expect(refusal(cancel).message).toBe(M.closedStarted);
      });

      it('tells the registered members of new days, and of a cancellation once', async () => {
        const club = await verifiedClub();
        const camp = await postCamp(club);
        const member = await signUp(context());
        await register(member, camp.id, 'interested');
        const notices = async () =>
          (await inject('GET', '/api/notifications', member)).json<NotificationPage>().items;

        await inject('PUT', `/api/camps/${camp.id}`, club, { ...campBody(), title: 'Same days' });
        expect(await notices()).toEqual([]);
        await inject('PUT', `/api/camps/${camp.id}`, club, {
          ...campBody(),
          endsOn: dayFromToday(35),
        });
        expect((await notices()).map((n) => n.subject)).toEqual([
          { type: 'camp', id: camp.id, title: 'Summer striker camp', change: 'changed' },
        ]);

        const cancelled = await inject('POST', `/api/camps/${camp.id}/cancel`, club);
        expect(cancelled.json<Camp>()).toMatchObject({ closedReason: 'cancelled' });
        expect(cancelled.json<Camp>().cancelledAt).not.toBeNull();
        await inject('POST', `/api/camps/${camp.id}/cancel`, club);
        const after = await notices();
        expect(after).toHaveLength(1);
        expect(after[0]?.subject).toMatchObject({ change: 'cancelled' });
        const refused = await register(await signUp(context()), camp.id, 'booked');
        expect(refusal(refused).message).toBe(M.closedCancelled);
        const edit = await inject('PUT', `/api/camps/${camp.id}`, club, campBody());
        expect(refusal(edit).message).toBe(M.closedCancelled);
      });
    });
  },
  { adminEmails: [ADMIN_EMAIL] },
);
