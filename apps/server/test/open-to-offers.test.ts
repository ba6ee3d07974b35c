import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { Cv } from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';

import { selectRows } from '../src/db/database.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

const m = MESSAGES.cv;

/** A date `days` from today (YYYY-MM-DD). */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase(
  'open to offers',
  (context) => {
    const { inject, verifiedClub, admin } = offersHelpers(context);
    const open = (user: SignedUp, body: object) =>
      inject('PUT', '/api/me/open-to-offers', user, body);
    const close = (user: SignedUp) => inject('DELETE', '/api/me/open-to-offers', user);
    const seenBy = async (athlete: SignedUp, reader: SignedUp | null) => {
      const response = await inject('GET', `/api/profiles/${athlete.input.username}/cv`, reader);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Cv>().openToOffers;
    };
    const rows = async () =>
      (
        await selectRows<{ n: number }>(
          context().database.db,
          sql`SELECT count(*)::int AS n FROM open_to_offers`,
        )
      )[0]?.n ?? 0;

    it('marks an athlete open, changes how, and closes it; everyone sees it when they say so', async () => {
      const athlete = await signUp(context());
      const stranger = await signUp(context());
      const ends = inDays(200);
      const opened = await open(athlete, {
        visibility: 'everyone',
        contractTypes: ['Full Season', 'Multi-Year'],
        contractEndsOn: ends,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const expected = {
        visibility: 'everyone',
        contractTypes: ['Full Season', 'Multi-Year'],
        contractEndsOn: ends,
      };
      expect(opened.json<Cv>().openToOffers).toEqual(expected);
      expect(await seenBy(athlete, stranger)).toEqual(expected);
      expect(await seenBy(athlete, null)).toEqual(expected);

      // Changed: no contract end any more.
      const changed = await open(athlete, {
        visibility: 'everyone',
        contractTypes: ['Short-Term'],
      });
      expect(changed.json<Cv>().openToOffers).toEqual({
        visibility: 'everyone',
        contractTypes: ['Short-Term'],
        contractEndsOn: null,
      });

      const closed = await close(athlete);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<Cv>().openToOffers).toBeNull();
      expect(await seenBy(athlete, stranger)).toBeNull();
      const again = await close(athlete);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ error: { message: m.openNotOpen } });
    });

    it('shows "verified organisations only" to them and admins, and to nobody else', async () => {
      const athlete = await signUp(context());
      expect(
        (await open(athlete, { visibility: 'verified', contractTypes: ['Multi-Year'] })).statusCode,
      ).toBe(200);
      const club = await verifiedClub();
      const coach = await verifiedClub('coach');
      expect(await seenBy(athlete, athlete)).toMatchObject({ visibility: 'verified' });
      for (const reader of [club, coach, await admin()]) {
        expect(await seenBy(athlete, reader)).toMatchObject({ contractTypes: ['Multi-Year'] });
      }
      const unverified = await signUp(context(), { userType: 'club' });
      const player = await signUp(context());
      for (const reader of [unverified, player, null]) {
        expect(await seenBy(athlete, reader)).toBeNull();
      }
    });

    it('refuses bad input, organisations, and "everyone" for a minor, changing nothing', async () => {
      const athlete = await signUp(context());
      const before = await rows();
      for (const [body, message] of [
        [{ visibility: 'everyone', contractTypes: [] }, m.contractTypesRequired],
        [{ visibility: 'everyone', contractTypes: ['Loan'] }, m.contractTypeInvalid],
        [
          { visibility: 'everyone', contractTypes: ['Short-Term', 'Short-Term'] },
          m.contractTypesRepeated,
        ],
        [{ visibility: 'friends', contractTypes: ['Short-Term'] }, m.openVisibilityInvalid],
        [
          { visibility: 'everyone', contractTypes: ['Short-Term'], contractEndsOn: inDays(-2) },
          m.contractEndsPast,
        ],
        [
          { visibility: 'everyone', contractTypes: ['Short-Term'], contractEndsOn: '2027-02-30' },
          m.dateInvalid,
        ],
      ] as const) {
        const refused = await open(athlete, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.body).toContain(message);
      }

      const club = await signUp(context(), { userType: 'club' });
      const organisation = await open(club, {
        visibility: 'everyone',
        contractTypes: ['Short-Term'],
      });
      expect(organisation.statusCode).toBe(403);

      const teen = await signUp(context(), { birthdate: birthdateAged(16) });
      const minor = await open(teen, { visibility: 'everyone', contractTypes: ['Short-Term'] });
      expect(minor.statusCode).toBe(400);
      expect(minor.json()).toMatchObject({ error: { message: m.openMinorsVerifiedOnly } });
      expect(await rows()).toBe(before);

      // A minor may be open to verified organisations.
      const allowed = await open(teen, { visibility: 'verified', contractTypes: ['Short-Term'] });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(await rows()).toBe(before + 1);
    });
  },
  OFFERS_CONFIG,
);
