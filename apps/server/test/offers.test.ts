import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { MyOffers, Offer, OfferPage } from '@arena/shared/offer.schema';

import { doc, docx, pdf } from './documents.ts';
import { signUp, verificationRequestBody } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, applicationBody, offerBody, offersHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

// What posters see of the applications they receive, and deleting offers: offers-received.test.ts.
describeEachDatabase(
  'offers and applications',
  (context) => {
    const { inject, admin, review, verifiedClub, postOffer, uploadCv, apply } =
      offersHelpers(context);

    describe('posting offers', () => {
      it('lets a verified club post, and shows it to everyone newest first', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        expect(offer).toMatchObject({
          title: offerBody.title,
          leagueLevel: null,
          requirements: null,
          applicationCount: 0,
          appliedByMe: false,
          poster: { id: club.session.profile.id, verified: true },
        });
        const page = (await inject('GET', '/api/offers', null)).json<OfferPage>();
        expect(page.items[0]?.id).toBe(offer.id);
        const tennis = (await inject('GET', '/api/offers?sport=tennis', null)).json<OfferPage>();
        expect(tennis.items.some((o) => o.id === offer.id)).toBe(false);
      });

      it('posts an offer for any sport of the list, e.g. padel, and filters by it', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club, { sport: 'padel' });
        expect(offer.sport).toBe('padel');
        const padel = (await inject('GET', '/api/offers?sport=padel', null)).json<OfferPage>();
        expect(padel.items.map((o) => o.id)).toEqual([offer.id]);
        const golf = (await inject('GET', '/api/offers?sport=golf', null)).json<OfferPage>();
        expect(golf.items).toEqual([]);
        const unknown = await inject('GET', '/api/offers?sport=chess', null);
        expect(unknown.statusCode).toBe(400);
      });

      it('refuses a player, an unverified club, and visitors with the spec messages', async () => {
        const player = await signUp(context(), { userType: 'player' });
        const asPlayer = await inject('POST', '/api/offers', player, offerBody);
        expect(asPlayer.statusCode).toBe(403);
        expect(asPlayer.json<ErrorBody>().error.message).toBe(MESSAGES.offer.accessDenied);

        const club = await signUp(context(), { userType: 'club' });
        const unverified = await inject('POST', '/api/offers', club, offerBody);
        expect(unverified.statusCode).toBe(403);
        expect(unverified.json<ErrorBody>().error.message).toBe(
          MESSAGES.offer.verificationRequired,
        );
        expect((await inject('POST', '/api/offers', null, offerBody)).statusCode).toBe(401);
      });

      it('lets admins post too', async () => {
        expect((await inject('POST', '/api/offers', await admin(), offerBody)).statusCode).toBe(
          201,
        );
      });

      it('stops a club whose verification was removed', async () => {
        const club = await verifiedClub();
        await review(club, 'disapprove');
        const response = await inject('POST', '/api/offers', club, offerBody);
        expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.offer.verificationRequired);
      });

      it('pauses the offers of a disapproved club until it is verified again', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const athlete = await signUp(context());
        await review(club, 'disapprove');

        const grid = (await inject('GET', '/api/offers', athlete)).json<{ items: Offer[] }>();
        expect(grid.items.some((o) => o.id === offer.id)).toBe(false);
        expect((await inject('GET', `/api/offers/${offer.id}`, athlete)).statusCode).toBe(404);
        expect((await inject('GET', `/api/offers/${offer.id}`, null)).statusCode).toBe(404);
        const refused = await apply(athlete, offer.id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json<ErrorBody>().error.message).toBe(MESSAGES.application.offerPaused);

        // The poster still sees it, marked paused, on its page and in My Offers.
        const own = await inject('GET', `/api/offers/${offer.id}`, club);
        expect(own.json<Offer>()).toMatchObject({
          id: offer.id,
          paused: true,
          applicationCount: 0,
        });
        const mine = (await inject('GET', '/api/me/offers', club)).json<MyOffers>();
        expect(mine.offers).toMatchObject([{ id: offer.id, paused: true }]);

        // Verified again: a new request, approved.
        const renewed = await inject('POST', '/api/me/verification', club, {
          ...verificationRequestBody,
          organizationType: 'club',
        });
        expect(renewed.statusCode, renewed.body).toBe(201);
        await review(club, 'approve');
        const again = (await inject('GET', '/api/offers', athlete)).json<{ items: Offer[] }>();
        expect(again.items.find((o) => o.id === offer.id)).toMatchObject({ paused: false });
        expect((await apply(athlete, offer.id)).statusCode).toBe(201);
      });

      it.each([
        [{ title: '' }, MESSAGES.offer.titleRequired],
        [{ location: '  ' }, MESSAGES.offer.locationRequired],
        [{ sport: undefined }, MESSAGES.offer.sportRequired],
        [{ sport: 'chess' }, MESSAGES.validation.sportUnknown],
        [{ sport: 'Padel' }, MESSAGES.validation.sportUnknown],
        [{ contractType: 'Forever' }, MESSAGES.offer.contractRequired],
        [{ description: 'x'.repeat(5001) }, MESSAGES.offer.tooLong],
      ])('refuses %j and stores nothing', async (patch, message) => {
        const club = await verifiedClub();
        const response = await inject('POST', '/api/offers', club, { ...offerBody, ...patch });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(message);
        const mine = (await inject('GET', '/api/me/offers', club)).json<MyOffers>();
        expect(mine.totalOffers).toBe(0);
      });
    });

    describe('applying', () => {
      it('applies once with a PDF CV; the count is exact and the card says Applied', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const athlete = await signUp(context());
        const cv = (await uploadCv(athlete, 'ana-cv.pdf', pdf())).json<{ id: string }>();
        const applied = await apply(athlete, offer.id, { cvUploadId: cv.id });
        expect(applied.statusCode, applied.body).toBe(201);
        expect(applied.json<Offer>()).toMatchObject({ appliedByMe: true, applicationCount: 1 });

        const again = await apply(athlete, offer.id);
        expect(again.statusCode).toBe(409);
        expect(again.json<ErrorBody>().error.message).toBe(MESSAGES.application.alreadyApplied);
        const simultaneous = await signUp(context());
        const results = await Promise.all([0, 1, 2].map(() => apply(simultaneous, offer.id)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
        expect(
          (await inject('GET', `/api/offers/${offer.id}`, null)).json<Offer>().applicationCount,
        ).toBe(2);
      });

      it('accepts DOC and DOCX by their bytes and refuses anything else', async () => {
        const athlete = await signUp(context());
        expect(
          (await uploadCv(athlete, 'cv.docx', docx(), 'application/octet-stream')).statusCode,
        ).toBe(201);
        expect((await uploadCv(athlete, 'cv.doc', doc(), 'application/msword')).statusCode).toBe(
          201,
        );
        for (const [name, bytes] of [
          ['cv.pdf', Buffer.from('not really a pdf')],
          ['cv.docx', Buffer.from('PK but not a zip')],
          ['cv.pdf', Buffer.from('<html><body>hi</body></html>')],
        ] as const) {
          const response = await uploadCv(athlete, name, bytes);
          expect(response.statusCode).toBe(415);
          expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.application.cvInvalidType);
        }
        const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
        const tooBig = await uploadCv(athlete, 'big.pdf', big);
        expect(tooBig.statusCode).toBe(413);
        expect(tooBig.json<ErrorBody>().error.message).toBe(MESSAGES.application.cvTooLarge);
      });

      it.each([
        [{ consentDataSharing: false }, MESSAGES.application.consentRequired],
        [{ consentPrivacyPolicy: false }, MESSAGES.application.consentRequired],
        [{ positionRole: '' }, MESSAGES.application.positionRequired],
        [{ yearsExperience: -1 }, MESSAGES.application.experienceInvalid],
        [{ desiredContractDuration: 'Forever' }, MESSAGES.application.contractRequired],
      ])('refuses %j and stores nothing', async (patch, message) => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const athlete = await signUp(context());
        const response = await apply(athlete, offer.id, patch);
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(message);
        expect(
          (await inject('GET', `/api/offers/${offer.id}`, athlete)).json<Offer>(),
        ).toMatchObject({ applicationCount: 0, appliedByMe: false });
      });

      it("refuses applying to one's own offer, to a missing offer, someone else's CV, and visitors", async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        expect((await apply(club, offer.id)).json<ErrorBody>().error.message).toBe(
          MESSAGES.application.ownOffer,
        );
        const athlete = await signUp(context());
        expect((await apply(athlete, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
        const other = await signUp(context());
        const theirCv = (await uploadCv(other, 'cv.pdf', pdf())).json<{ id: string }>();
        const stolen = await apply(athlete, offer.id, { cvUploadId: theirCv.id });
        expect(stolen.json<ErrorBody>().error.message).toBe(MESSAGES.application.cvMissing);
        expect(
          (await inject('POST', `/api/offers/${offer.id}/applications`, null, applicationBody))
            .statusCode,
        ).toBe(401);
      });
    });
  },
  OFFERS_CONFIG,
);
