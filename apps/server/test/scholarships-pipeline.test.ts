import { describe, expect, it } from 'vitest';

import type { MyApplicationPage } from '@arena/shared/application.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';
import type { Application, ApplicationDetail, OfferPage } from '@arena/shared/offer.schema';
import { SCHOLARSHIP_MESSAGES as M, type Scholarship } from '@arena/shared/scholarship.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { OFFERS_CONFIG, offerBody, offersHelpers } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';
import { scholarshipBody, scholarshipsHelpers } from './scholarships-fixtures.ts';
import { linkIn } from './smtp-sink.ts';
import { unzip } from './zip.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'scholarships: applying, the pipeline and the poster’s changes',
  (context) => {
    const { admin, apply, verifiedClub, postOffer } = offersHelpers(context);
    const { call, postScholarship } = scholarshipsHelpers(context);
    const view = (id: string, user: SignedUp | null) =>
      call('GET', `/api/scholarships/${id}`, user).then((r) => r.json<Scholarship>());
    const notifications = async (user: SignedUp) =>
      (await call('GET', '/api/notifications', user)).json<NotificationPage>().items;

    describe('applying', () => {
      it('takes an application through the offers’ dialog into the poster’s pipeline', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        const player = await signUp(context(), { userType: 'player', fullName: 'Maya Reed' });
        const applied = await apply(player, scholarship.id);
        expect(applied.statusCode, applied.body).toBe(201);
        expect(await view(scholarship.id, player)).toMatchObject({
          appliedByMe: true,
          applicationCount: 1,
        });
        const again = await apply(player, scholarship.id);
        expect(again.statusCode).toBe(409);

        const received = await call(
          'GET',
          `/api/me/applications-received?offer=${scholarship.id}`,
          club,
        );
        const [application] = received.json<Application[]>();
        expect(application).toMatchObject({
          offerId: scholarship.id,
          status: 'pending',
          athleteName: 'Ana Lima',
          offer: { title: scholarship.title, organizationName: scholarship.institution },
        });
        const [notice] = await notifications(club);
        expect(notice).toMatchObject({
          kind: 'application',
          href: `/applications-received?offer=${scholarship.id}`,
          subject: { type: 'offer', id: scholarship.id, kind: 'scholarship' },
        });
        // The mail says scholarship too (after the verification decision's).
        const mails = await outboxMails(context().dataDir, club.input.email, 2);
        expect(mails.map((mail) => mail.subject)).toContain(
          `Maya Reed applied to your scholarship “${scholarship.title}”`,
        );

        const moved = await call('POST', `/api/applications/${application!.id}/stage`, club, {
          stage: 'shortlisted',
          message: 'We would like to see you play.',
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json<ApplicationDetail>().status).toBe('shortlisted');

        const mine = (await call('GET', '/api/me/applications', player)).json<MyApplicationPage>();
        expect(mine.items[0]).toMatchObject({
          stage: 'shortlisted',
          offer: {
            id: scholarship.id,
            kind: 'scholarship',
            contractType: null,
            organizationName: scholarship.institution,
          },
        });
        expect(mine.items[0]?.history.map((event) => event.stage)).toEqual([
          'pending',
          'shortlisted',
        ]);
      });

      it('refuses the poster’s own application', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        expect((await apply(club, scholarship.id)).statusCode).toBe(400);
      });

      it('tells a minor’s confirmed guardian of the application', async () => {
        const athlete = await signUp(context(), { birthdate: birthdateAged(16) });
        const email = `parent.${Math.random().toString(36).slice(2, 10)}@guardian.test`;
        expect((await call('PUT', '/api/me/guardian', athlete, { email })).statusCode).toBe(200);
        const [invite] = await outboxMails(context().dataDir, email);
        const { token } = linkIn({ text: invite?.text ?? '' }, '/guardian/confirm');
        expect((await call('POST', '/api/guardians/confirm', null, { token })).statusCode).toBe(
          200,
        );
        const scholarship = await postScholarship(await verifiedClub(), {
          title: 'Tennis academy place',
          institution: 'Riverside Academy',
        });
        expect((await apply(athlete, scholarship.id)).statusCode).toBe(201);
        const mails = await outboxMails(context().dataDir, email, 2);
        const notice = mails.find((mail) => mail.text?.includes('Tennis academy place'));
        expect(notice?.text).toContain('Riverside Academy');
      });
    });

    describe('the offers’ routes and the scholarships’ routes keep to their kind', () => {
      it('does not show, edit or delete a scholarship as an offer, nor an offer as one', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        const offer = await postOffer(club);
        const offers = (await call('GET', '/api/offers?closed=true', null)).json<OfferPage>();
        expect(offers.items.some((o) => o.id === scholarship.id)).toBe(false);
        const refused: [string, string, object?][] = [
          ['GET', `/api/offers/${scholarship.id}`],
          ['PUT', `/api/offers/${scholarship.id}`, offerBody],
          ['POST', `/api/offers/${scholarship.id}/close`],
          ['POST', `/api/offers/${scholarship.id}/reopen`],
          ['DELETE', `/api/offers/${scholarship.id}`],
          ['GET', `/api/scholarships/${offer.id}`],
          ['PUT', `/api/scholarships/${offer.id}`, scholarshipBody],
          ['PATCH', `/api/scholarships/${offer.id}`, { closed: true }],
          ['DELETE', `/api/scholarships/${offer.id}`],
        ];
        for (const [method, url, body] of refused) {
          const response = await call(method as 'GET', url, club, body);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
        const mine = (await call('GET', '/api/me/offers', club)).json<{
          offers: { id: string }[];
        }>();
        expect(mine.offers.map((o) => o.id)).toEqual([offer.id]);
        expect((await view(scholarship.id, club)).closedReason).toBeNull();
      });
    });

    it('puts a posted scholarship’s own fields in its poster’s data export', async () => {
      const club = await verifiedClub();
      const scholarship = await postScholarship(club);
      const response = await call('GET', '/api/me/data-export', club);
      expect(response.statusCode).toBe(200);
      const entries = await unzip(response.rawPayload);
      const offers = JSON.parse(entries.get('offers.json')?.toString() ?? '[]') as unknown[];
      expect(offers).toMatchObject([
        {
          id: scholarship.id,
          kind: 'scholarship',
          organization_name: scholarshipBody.institution,
          scholarship: {
            coverage: 'full',
            level: 'ncaa-d1',
            how_to_apply: scholarshipBody.howToApply,
          },
        },
      ]);
    });

    describe('the poster’s changes', () => {
      it('lets the poster edit every field, and tells open applicants of new terms', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        const player = await signUp(context());
        expect((await apply(player, scholarship.id)).statusCode).toBe(201);
        const other = await call(
          'PUT',
          `/api/scholarships/${scholarship.id}`,
          await verifiedClub(),
          {
            ...scholarshipBody,
            title: 'Taken over',
          },
        );
        expect(other.statusCode).toBe(403);
        expect(other.json<ErrorBody>().error.message).toBe(M.notYours);

        const wording = await call('PUT', `/api/scholarships/${scholarship.id}`, club, {
          ...scholarshipBody,
          title: 'Women’s soccer — full ride 2028',
        });
        expect(wording.json<Scholarship>().title).toBe('Women’s soccer — full ride 2028');
        expect(await notifications(player)).toEqual([]);

        const terms = await call('PUT', `/api/scholarships/${scholarship.id}`, club, {
          ...scholarshipBody,
          coverage: 'partial',
          amount: '$20,000 a year',
          ageMin: null,
        });
        expect(terms.statusCode, terms.body).toBe(200);
        expect(terms.json<Scholarship>()).toMatchObject({
          coverage: 'partial',
          amount: '$20,000 a year',
          ageMin: null,
          applicationCount: 1,
        });
        const [notice] = await notifications(player);
        expect(notice).toMatchObject({
          kind: 'offer_update',
          href: `/scholarships/${scholarship.id}`,
          subject: { type: 'offer_change', change: 'changed', kind: 'scholarship' },
        });
        const invalid = await call('PUT', `/api/scholarships/${scholarship.id}`, club, {
          ...scholarshipBody,
          places: 0,
        });
        expect(invalid.statusCode).toBe(400);
        expect((await view(scholarship.id, club)).places).toBe(2);
      });

      it('closes and reopens, poster or admin only', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        const patch = (user: SignedUp, closed: boolean) =>
          call('PATCH', `/api/scholarships/${scholarship.id}`, user, { closed });
        expect((await patch(await signUp(context()), true)).statusCode).toBe(403);
        const closed = await patch(club, true);
        expect(closed.json<Scholarship>().closedReason).toBe('closed');
        const refused = await apply(await signUp(context()), scholarship.id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json<ErrorBody>().error.message).toBe(M.closedReasons.closed);
        const reopened = await patch(await admin(), false);
        expect(reopened.json<Scholarship>().closedReason).toBeNull();
        expect(
          (await call('PATCH', `/api/scholarships/${scholarship.id}`, club, {})).statusCode,
        ).toBe(400);
      });

      it('deletes with its applications; the applicants hear it was withdrawn', async () => {
        const club = await verifiedClub();
        const scholarship = await postScholarship(club);
        const player = await signUp(context());
        expect((await apply(player, scholarship.id)).statusCode).toBe(201);
        const url = `/api/scholarships/${scholarship.id}`;
        expect((await call('DELETE', url, await verifiedClub())).statusCode).toBe(403);
        expect((await call('DELETE', url, player)).statusCode).toBe(403);
        expect((await call('DELETE', url, club)).statusCode).toBe(204);
        expect((await call('GET', url, club)).statusCode).toBe(404);
        expect((await call('DELETE', url, club)).statusCode).toBe(404);
        const [notice] = await notifications(player);
        expect(notice).toMatchObject({ kind: 'offer_update', href: '/applications' });
        const mine = (await call('GET', '/api/me/applications', player)).json<MyApplicationPage>();
        expect(mine.items).toEqual([]);
      });
    });
  },
  OFFERS_CONFIG,
);
