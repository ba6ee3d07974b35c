import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import type {
  MyVerification,
  VerificationRequest,
  VerificationRequestPage,
} from '@arena/shared/verification.schema';

import { adminActions } from '../src/modules/admin/admin.tables.ts';
import {
  signUp,
  signUpAdmin,
  type SignedUp,
  verificationRequestBody as requestBody,
} from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'verification',
  (context) => {
    const inject = (method: 'GET' | 'POST', url: string, user: SignedUp | null, payload?: object) =>
      context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
    let adminUser: Promise<SignedUp> | undefined;
    const admin = () => (adminUser ??= signUpAdmin(context(), { email: 'admin@arena.test' }));
    const list = async (user: SignedUp) =>
      (await inject('GET', '/api/admin/verification-requests', user)).json<{
        items: VerificationRequest[];
      }>().items;

    it('lets a club request verification once, and shows it pending', async () => {
      const club = await signUp(context(), { userType: 'club' });
      expect((await inject('GET', '/api/me/verification', club)).json<MyVerification>()).toEqual({
        verified: false,
        status: null,
        canRequest: true,
      });
      const first = await inject('POST', '/api/me/verification', club, requestBody);
      expect(first.statusCode).toBe(201);
      expect(first.json<MyVerification>()).toEqual({
        verified: false,
        status: 'pending',
        canRequest: false,
      });

      const second = await inject('POST', '/api/me/verification', club, requestBody);
      expect(second.statusCode).toBe(409);
      expect(second.json<ErrorBody>().error.message).toBe(MESSAGES.verification.pending);
    });

    it('keeps one pending request even when two arrive at once', async () => {
      const club = await signUp(context(), { userType: 'agent' });
      const results = await Promise.all(
        [0, 1, 2].map(() => inject('POST', '/api/me/verification', club, requestBody)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('refuses players, signed-out callers and bad input with clear messages', async () => {
      const player = await signUp(context(), { userType: 'player' });
      const refused = await inject('POST', '/api/me/verification', player, requestBody);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toBe(
        MESSAGES.verification.playersCannotRequest,
      );

      const visitor = await inject('POST', '/api/me/verification', null, requestBody);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json<ErrorBody>().error.message).toBe(MESSAGES.verification.signInRequired);

      const coach = await signUp(context(), { userType: 'coach' });
      for (const [patch, message] of [
        [{ organizationName: '' }, MESSAGES.verification.organizationRequired],
        [{ organizationType: 'player' }, MESSAGES.verification.typeRequired],
        [{ email: 'nope' }, MESSAGES.validation.invalidEmail],
        [{ website: 'javascript:alert(1)' }, MESSAGES.verification.websiteInvalid],
        [{ phone: 'call me' }, MESSAGES.verification.phoneInvalid],
      ] as const) {
        const response = await inject('POST', '/api/me/verification', coach, {
          ...requestBody,
          ...patch,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(message);
      }
      expect(
        (await inject('GET', '/api/me/verification', coach)).json<MyVerification>().status,
      ).toBeNull();
    });

    it('lets an admin approve, which verifies the profile; disapprove removes it; all recorded', async () => {
      const reviewer = await admin();
      const club = await signUp(context(), { userType: 'club' });
      await inject('POST', '/api/me/verification', club, requestBody);
      const request = (await list(reviewer)).find((r) => r.profile.id === club.session.profile.id)!;
      expect(request).toMatchObject({
        status: 'pending',
        organizationName: 'FC Arena Academy',
        officialContact: null,
      });

      expect(
        (await inject('POST', `/api/admin/verification-requests/${request.id}/approve`, reviewer))
          .statusCode,
      ).toBe(204);
      const profile = (
        await inject('GET', `/api/profiles/${club.input.username}`, null)
      ).json<ProfileDetail>();
      expect(profile.verified).toBe(true);
      const again = await inject('POST', '/api/me/verification', club, requestBody);
      expect(again.json<ErrorBody>().error.message).toBe(MESSAGES.verification.alreadyVerified);

      // Approving twice is refused: it is no longer pending.
      expect(
        (await inject('POST', `/api/admin/verification-requests/${request.id}/approve`, reviewer))
          .statusCode,
      ).toBe(409);

      expect(
        (
          await inject(
            'POST',
            `/api/admin/verification-requests/${request.id}/disapprove`,
            reviewer,
          )
        ).statusCode,
      ).toBe(204);
      expect(
        (await inject('GET', `/api/profiles/${club.input.username}`, null)).json<ProfileDetail>()
          .verified,
      ).toBe(false);
      expect((await list(reviewer)).find((r) => r.id === request.id)?.status).toBe('rejected');

      const rows = await context()
        .database.db.select({ action: adminActions.action, actor: adminActions.actorUserId })
        .from(adminActions)
        .where(eq(adminActions.targetId, request.id))
        .orderBy(adminActions.createdAt);
      expect(rows).toEqual([
        { action: 'verification.approve', actor: reviewer.session.user.id },
        { action: 'verification.disapprove', actor: reviewer.session.user.id },
      ]);
    });

    it('rejects a pending request without verifying', async () => {
      const reviewer = await admin();
      const coach = await signUp(context(), { userType: 'coach' });
      await inject('POST', '/api/me/verification', coach, {
        ...requestBody,
        organizationType: 'coach',
      });
      const request = (await list(reviewer)).find(
        (r) => r.profile.id === coach.session.profile.id,
      )!;
      expect(
        (await inject('POST', `/api/admin/verification-requests/${request.id}/reject`, reviewer))
          .statusCode,
      ).toBe(204);
      expect(
        (await inject('GET', '/api/me/verification', coach)).json<MyVerification>(),
      ).toMatchObject({
        verified: false,
        status: 'rejected',
        canRequest: true,
      });
      // Rejected requests have no action left.
      expect(
        (
          await inject(
            'POST',
            `/api/admin/verification-requests/${request.id}/disapprove`,
            reviewer,
          )
        ).statusCode,
      ).toBe(409);
    });

    it('refuses every admin action to non-admins', async () => {
      const club = await signUp(context(), { userType: 'club' });
      await inject('POST', '/api/me/verification', club, requestBody);
      const reviewer = await admin();
      const request = (await list(reviewer)).find((r) => r.profile.id === club.session.profile.id)!;
      const intruder = await signUp(context(), { userType: 'club' });
      const read = await inject('GET', '/api/admin/verification-requests', intruder);
      expect(read.statusCode).toBe(403);
      expect(read.json<ErrorBody>().error.message).toBe(MESSAGES.adminOnly);
      for (const decision of ['approve', 'reject', 'disapprove']) {
        const response = await inject(
          'POST',
          `/api/admin/verification-requests/${request.id}/${decision}`,
          club,
        );
        expect(response.statusCode).toBe(403);
      }
      expect((await inject('GET', '/api/admin/verification-requests', null)).statusCode).toBe(401);
      expect((await list(reviewer)).find((r) => r.id === request.id)?.status).toBe('pending');
    });

    describe('listing', () => {
      it('lists every request newest first', async () => {
        const reviewer = await admin();
        const a = await signUp(context(), { userType: 'club' });
        const b = await signUp(context(), { userType: 'agent' });
        await inject('POST', '/api/me/verification', a, requestBody);
        await inject('POST', '/api/me/verification', b, {
          ...requestBody,
          organizationType: 'agent',
        });
        const ids = (await list(reviewer)).map((r) => r.profile.id);
        expect(ids.indexOf(b.session.profile.id)).toBeLessThan(ids.indexOf(a.session.profile.id));
      });

      it('lists one status when asked, with the count of each status', async () => {
        const reviewer = await admin();
        const page = async (query: string) => {
          const response = await inject(
            'GET',
            `/api/admin/verification-requests?limit=50${query}`,
            reviewer,
          );
          expect(response.statusCode, response.body).toBe(200);
          return response.json<VerificationRequestPage>();
        };
        const before = (await page('')).counts;
        const waiting = await signUp(context(), { userType: 'club' });
        const approved = await signUp(context(), { userType: 'agent' });
        await inject('POST', '/api/me/verification', waiting, requestBody);
        await inject('POST', '/api/me/verification', approved, {
          ...requestBody,
          organizationType: 'agent',
        });
        const approvedRequest = (await list(reviewer)).find(
          (r) => r.profile.id === approved.session.profile.id,
        )!;
        await inject(
          'POST',
          `/api/admin/verification-requests/${approvedRequest.id}/approve`,
          reviewer,
        );

        const pending = await page('&status=pending');
        expect(pending.counts).toEqual({
          pending: before.pending + 1,
          approved: before.approved + 1,
          rejected: before.rejected,
        });
        expect(pending.items.every((r) => r.status === 'pending')).toBe(true);
        expect(pending.items.map((r) => r.profile.id)).toContain(waiting.session.profile.id);
        expect(pending.items.map((r) => r.profile.id)).not.toContain(approved.session.profile.id);

        const done = await page('&status=approved');
        expect(done.items.map((r) => r.id)).toContain(approvedRequest.id);
        expect(done.items.every((r) => r.status === 'approved')).toBe(true);
        expect((await page('&status=rejected')).items.every((r) => r.status === 'rejected')).toBe(
          true,
        );

        const bad = await inject(
          'GET',
          '/api/admin/verification-requests?status=withdrawn',
          reviewer,
        );
        expect(bad.statusCode).toBe(400);
      });
    });
  },
  { adminEmails: ['admin@arena.test'] },
);
