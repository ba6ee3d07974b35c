import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { Offer, OfferPage } from '@arena/shared/offer.schema';

import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offerBody, offersHelpers, pipelineHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describeEachDatabase(
  'an offer’s life: edits, closing, deadlines, places and deletion',
  (context) => {
    const { inject, verifiedClub, apply } = offersHelpers(context);
    const { applied, move, notifications } = pipelineHelpers(context);

    it('edits an offer and tells the applicants of a material change only', async () => {
      const club = await verifiedClub();
      const { offer, player } = await applied(club);
      const put = (patch: object) =>
        inject('PUT', `/api/offers/${offer.id}`, club, { ...offerBody, ...patch });
      const retitled = await put({ title: 'U19 Striker — new title' });
      expect(retitled.statusCode, retitled.body).toBe(200);
      expect(retitled.json<Offer>().title).toBe('U19 Striker — new title');
      expect((await notifications(player)).some((n) => n.kind === 'offer_update')).toBe(false);
      expect((await put({ salary: '€2,000 / month' })).statusCode).toBe(200);
      const told = (await notifications(player)).filter((n) => n.kind === 'offer_update');
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toMatchObject({ type: 'offer_change', change: 'changed' });
      expect((await put({ title: '' })).statusCode).toBe(400);
      const other = await verifiedClub();
      const theirs = await inject('PUT', `/api/offers/${offer.id}`, other, offerBody);
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.editOthers);
    });

    it('closes and reopens an offer; a closed one leaves /offers and refuses applications', async () => {
      const club = await verifiedClub();
      const { offer, application } = await applied(club);
      const closed = await inject('POST', `/api/offers/${offer.id}/close`, club);
      expect(closed.json<Offer>().closedReason).toBe('closed');
      const open = (await inject('GET', '/api/offers', null))
        .json<OfferPage>()
        .items.map((o) => o.id);
      expect(open).not.toContain(offer.id);
      const all = (await inject('GET', '/api/offers?closed=true', null))
        .json<OfferPage>()
        .items.map((o) => o.id);
      expect(all).toContain(offer.id);
      const late = await apply(await signUp(context(), { userType: 'player' }), offer.id);
      expect(late.statusCode).toBe(409);
      expect(late.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.offerClosed);
      // Open applications can still be decided.
      expect((await move(club, application.id, { stage: 'shortlisted' })).statusCode).toBe(200);
      const reopened = await inject('POST', `/api/offers/${offer.id}/reopen`, club);
      expect(reopened.json<Offer>().closedReason).toBeNull();
    });

    it('closes by itself after its deadline, and when every place is signed', async () => {
      const club = await verifiedClub();
      const { offer } = await applied(club, { deadline: inAWeek(), places: 1 });
      expect(offer.deadline).not.toBeNull();
      expect(
        (
          await inject('POST', '/api/offers', club, {
            ...offerBody,
            deadline: '2020-01-01T00:00:00Z',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await inject('POST', '/api/offers', club, { ...offerBody, places: 0 })).statusCode,
      ).toBe(400);
      // The deadline passes (moved into the past in the database: the clock is not ours to move).
      await context().database.db.execute(
        sql`UPDATE athlete_offers SET deadline = now() - interval '1 minute' WHERE id = ${offer.id}`,
      );
      const viewed = (await inject('GET', `/api/offers/${offer.id}`, null)).json<Offer>();
      expect(viewed.closedReason).toBe('deadline');
      const late = await apply(await signUp(context(), { userType: 'player' }), offer.id);
      expect(late.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.offerPastDeadline);
      const reopen = await inject('POST', `/api/offers/${offer.id}/reopen`, club);
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.reopenPastDeadline);

      const full = await applied(club, { places: 1 });
      await move(club, full.application.id, { stage: 'signed' });
      const after = (await inject('GET', `/api/offers/${full.offer.id}`, null)).json<Offer>();
      expect(after).toMatchObject({ closedReason: 'full', signedCount: 1 });
    });

    it('tells the applicants when an offer with applications is deleted', async () => {
      const club = await verifiedClub();
      const { offer, player } = await applied(club);
      expect((await inject('DELETE', `/api/offers/${offer.id}`, club)).statusCode).toBe(204);
      const told = (await notifications(player)).filter((n) => n.kind === 'offer_update');
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toMatchObject({ change: 'withdrawn', title: offer.title });
      expect(told[0]!.href).toBe('/applications');
    });
  },
  OFFERS_CONFIG,
);
