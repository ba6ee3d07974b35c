import { expect, it } from 'vitest';

import type { AccountTypeResult } from '@arena/shared/account-type.schema';
import type { SessionUser } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { MyVerification, VerificationRequestPage } from '@arena/shared/verification.schema';

import { signUp, type SignedUp, verificationRequestBody } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'account type',
  (context) => {
    const { inject, admin, review, verifiedClub } = offersHelpers(context);
    const change = (user: SignedUp, userType: unknown) =>
      context().app.inject({
        method: 'PATCH',
        url: '/api/me/account-type',
        headers: user.bearer,
        payload: { userType },
      });
    const userTypeOf = async (user: SignedUp) =>
      (await inject('GET', '/api/auth/session', user)).json<SessionUser>().profile.userType;

    it('lets an unverified member change their type', async () => {
      const member = await signUp(context(), { userType: 'player' });
      const response = await change(member, 'coach');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AccountTypeResult>()).toEqual({
        userType: 'coach',
        verificationWithdrawn: false,
      });
      expect(await userTypeOf(member)).toBe('coach');
      // A coach may now ask to be verified, as a player could not.
      const mine = (await inject('GET', '/api/me/verification', member)).json<MyVerification>();
      expect(mine.canRequest).toBe(true);
    });

    it('withdraws a pending verification request when the type changes', async () => {
      const club = await signUp(context(), { userType: 'club' });
      const requested = await inject('POST', '/api/me/verification', club, verificationRequestBody);
      expect(requested.statusCode).toBe(201);

      const response = await change(club, 'agent');
      expect(response.json<AccountTypeResult>()).toEqual({
        userType: 'agent',
        verificationWithdrawn: true,
      });
      const mine = (await inject('GET', '/api/me/verification', club)).json<MyVerification>();
      expect(mine).toEqual({ verified: false, status: null, canRequest: true });
      const listed = (
        await inject('GET', '/api/admin/verification-requests?limit=50', await admin())
      ).json<VerificationRequestPage>();
      expect(listed.items.some((item) => item.profile.id === club.session.profile.id)).toBe(false);
    });

    it('refuses a verified organisation, and allows it again once the verification is removed', async () => {
      const club = await verifiedClub('coach');
      const refused = await change(club, 'player');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().error.message).toBe(
        MESSAGES.accountType.verifiedCannotChange,
      );
      expect(await userTypeOf(club)).toBe('coach');

      await review(club, 'disapprove');
      expect((await change(club, 'club')).statusCode).toBe(200);
      expect(await userTypeOf(club)).toBe('club');
    });

    it('refuses a type that is not one of the four, and visitors', async () => {
      const member = await signUp(context(), { userType: 'agent' });
      for (const userType of ['admin', '', null, 42]) {
        const response = await change(member, userType);
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.validation.userTypeRequired);
      }
      expect(await userTypeOf(member)).toBe('agent');
      const visitor = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/account-type',
        payload: { userType: 'club' },
      });
      expect(visitor.statusCode).toBe(401);
    });

    it('keeps the same type as it is, withdrawing nothing', async () => {
      const club = await signUp(context(), { userType: 'club' });
      await inject('POST', '/api/me/verification', club, verificationRequestBody);
      const response = await change(club, 'club');
      expect(response.json<AccountTypeResult>()).toEqual({
        userType: 'club',
        verificationWithdrawn: false,
      });
      const mine = (await inject('GET', '/api/me/verification', club)).json<MyVerification>();
      expect(mine.status).toBe('pending');
    });
  },
  OFFERS_CONFIG,
);
