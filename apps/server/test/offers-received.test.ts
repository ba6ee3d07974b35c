import { existsSync } from 'node:fs';
import path from 'node:path';

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { Application, MyOffers, SignedUrl } from '@arena/shared/offer.schema';

import { pdf } from './documents.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offerBody, offersHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

// Posting offers and applying to them: offers.test.ts.
describeEachDatabase(
  'applications received and deleting offers',
  (context) => {
    const { inject, admin, verifiedClub, postOffer, uploadCv, apply } = offersHelpers(context);

    describe('applications received and CVs', () => {
      it('shows a club only the applications to its own offers, and the CV link only to the poster and the applicant', async () => {
        const club = await verifiedClub();
        const rival = await verifiedClub('agent');
        const offer = await postOffer(club);
        await postOffer(rival, { title: 'Rival offer' });
        const athlete = await signUp(context());
        const cv = (await uploadCv(athlete, 'cv.pdf', pdf())).json<{ id: string }>();
        await apply(athlete, offer.id, { cvUploadId: cv.id });

        const received = (await inject('GET', '/api/me/applications-received', club)).json<
          Application[]
        >();
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({
          hasCv: true,
          athleteName: 'Ana Lima',
          currentTeam: null,
          offer: { title: offerBody.title },
          applicant: { username: athlete.input.username },
        });
        expect(
          (await inject('GET', '/api/me/applications-received', rival)).json<Application[]>(),
        ).toEqual([]);
        const reviewer = await admin();
        expect(
          (await inject('GET', '/api/me/applications-received', reviewer))
            .json<Application[]>()
            .some((a) => a.id === received[0]!.id),
        ).toBe(false);
        const refused = await inject('GET', '/api/me/applications-received', athlete);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<ErrorBody>().error.message).toBe(MESSAGES.offer.reviewAccessDenied);
        const unverified = await signUp(context(), { userType: 'agent' });
        expect(
          (await inject('GET', '/api/me/applications-received', unverified)).json<ErrorBody>().error
            .message,
        ).toBe(MESSAGES.offer.reviewVerificationRequired);

        const applicationId = received[0]!.id;
        const link = await inject('GET', `/api/applications/${applicationId}/cv-url`, club);
        expect(link.statusCode).toBe(200);
        const { url, expiresAt } = link.json<SignedUrl>();
        expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(3590 * 1000);
        const file = await context().app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(file.headers['cache-control']).toBe('private, no-store');

        expect(
          (await inject('GET', `/api/applications/${applicationId}/cv-url`, athlete)).statusCode,
        ).toBe(200);
        expect(
          (await inject('GET', `/api/applications/${applicationId}/cv-url`, rival)).statusCode,
        ).toBe(404);
        expect(
          (await inject('GET', `/api/applications/${applicationId}/cv-url`, null)).statusCode,
        ).toBe(401);
        // The bucket is private: no public path reaches it.
        const key = url.split('?')[0]!.replace('/files/signed/offer-applications/', '');
        expect(
          (await context().app.inject({ method: 'GET', url: `/files/offer-applications/${key}` }))
            .statusCode,
        ).toBe(404);
      });

      it('names the downloaded CV after the athlete and the offer, in ASCII and in UTF-8', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const download = async (athleteName: string) => {
          const athlete = await signUp(context());
          const cv = (await uploadCv(athlete, 'cv.pdf', pdf())).json<{ id: string }>();
          await apply(athlete, offer.id, { cvUploadId: cv.id, athleteName });
          const received = (await inject('GET', '/api/me/applications-received', club)).json<
            Application[]
          >();
          const mine = received.find((a) => a.applicant.username === athlete.input.username)!;
          const { url } = (
            await inject('GET', `/api/applications/${mine.id}/cv-url`, club)
          ).json<SignedUrl>();
          const file = await context().app.inject({ method: 'GET', url });
          expect(file.statusCode).toBe(200);
          return file.headers['content-disposition'];
        };
        expect(await download('Ana Lima')).toBe(
          'attachment; filename="Ana-Lima-CV-U19-Striker-trial-week.pdf"',
        );
        expect(await download('María  López')).toBe(
          'attachment; filename="Maria-Lopez-CV-U19-Striker-trial-week.pdf"; ' +
            "filename*=UTF-8''Mar%C3%ADa-L%C3%B3pez-CV-U19-Striker-trial-week.pdf",
        );
        expect(await download('王 "伟"')).toBe(
          'attachment; filename="_-_-CV-U19-Striker-trial-week.pdf"; ' +
            "filename*=UTF-8''%E7%8E%8B-%E4%BC%9F-CV-U19-Striker-trial-week.pdf",
        );
      });

      it('refuses a signed link used for another file, tampered with, or expired', async () => {
        const club = await verifiedClub();
        const offer = await postOffer(club);
        const first = await signUp(context());
        const second = await signUp(context());
        for (const athlete of [first, second]) {
          const cv = (await uploadCv(athlete, 'cv.pdf', pdf())).json<{ id: string }>();
          await apply(athlete, offer.id, { cvUploadId: cv.id });
        }
        const [a, b] = (await inject('GET', '/api/me/applications-received', club)).json<
          Application[]
        >();
        const urlA = (
          await inject('GET', `/api/applications/${a!.id}/cv-url`, club)
        ).json<SignedUrl>().url;
        const urlB = (
          await inject('GET', `/api/applications/${b!.id}/cv-url`, club)
        ).json<SignedUrl>().url;
        const tokenA = new URL(urlA, 'http://x').searchParams.get('token')!;
        const otherFile = `${urlB.split('?')[0]}?token=${encodeURIComponent(tokenA)}`;
        expect((await context().app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(
          403,
        );
        expect((await context().app.inject({ method: 'GET', url: `${urlA}x` })).statusCode).toBe(
          403,
        );

        const { privateKey } = await import('jose').then((jose) => jose.generateKeyPair('ES256'));
        const forged = await new SignJWT({ bkt: 'offer-applications', key: 'x/y.pdf' })
          .setProtectedHeader({ alg: 'ES256', typ: 'file+jwt' })
          .setIssuer('arena')
          .setAudience('arena-files')
          .setExpirationTime('1h')
          .sign(privateKey);
        expect(
          (
            await context().app.inject({
              method: 'GET',
              url: `/files/signed/offer-applications/x/y.pdf?token=${forged}`,
            })
          ).statusCode,
        ).toBe(403);

        const [header, payload, signature] = tokenA.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
          string,
          unknown
        >;
        const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.${signature}`;
        expect(
          (
            await context().app.inject({
              method: 'GET',
              url: `${urlA.split('?')[0]}?token=${expired}`,
            })
          ).statusCode,
        ).toBe(403);
      });
    });

    describe('my offers and deleting', () => {
      it('totals offers and applications, and deleting removes applications and CV files', async () => {
        const club = await verifiedClub('coach');
        const offer = await postOffer(club);
        await postOffer(club, { title: 'Second' });
        const athlete = await signUp(context());
        const cv = (await uploadCv(athlete, 'cv.pdf', pdf())).json<{ id: string }>();
        await apply(athlete, offer.id, { cvUploadId: cv.id });

        const mine = (await inject('GET', '/api/me/offers', club)).json<MyOffers>();
        expect(mine).toMatchObject({ totalOffers: 2, totalApplications: 1 });
        const received = (await inject('GET', '/api/me/applications-received', club)).json<
          Application[]
        >();
        const url = (
          await inject('GET', `/api/applications/${received[0]!.id}/cv-url`, club)
        ).json<SignedUrl>().url;
        const stored = path.join(
          context().dataDir,
          'storage',
          url.split('?')[0]!.replace('/files/signed/', ''),
        );
        expect(existsSync(stored)).toBe(true);

        const stranger = await verifiedClub();
        const refused = await inject('DELETE', `/api/offers/${offer.id}`, stranger);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<ErrorBody>().error.message).toBe(MESSAGES.offer.deleteOthers);

        expect((await inject('DELETE', `/api/offers/${offer.id}`, club)).statusCode).toBe(204);
        expect((await inject('GET', `/api/offers/${offer.id}`, null)).statusCode).toBe(404);
        expect(
          (await inject('GET', '/api/me/applications-received', club)).json<Application[]>(),
        ).toEqual([]);
        expect(existsSync(stored)).toBe(false);
        expect((await inject('GET', '/api/me/offers', club)).json<MyOffers>()).toMatchObject({
          totalOffers: 1,
          totalApplications: 0,
        });
      });
    });
  },
  OFFERS_CONFIG,
);
