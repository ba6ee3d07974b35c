import { existsSync } from 'node:fs';
import path from 'node:path';

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type {
  Application,
  MyOffers,
  Offer,
  OfferPage,
  SignedUrl,
} from '@arena/shared/offer.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import { doc, docx, pdf } from './documents.ts';
import {
  multipartFile,
  signUp,
  type SignedUp,
  verificationRequestBody as requestBody,
} from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

type ErrorBody = { error: { code: string; message: string } };

const offerBody = {
  title: 'U19 Striker — trial week',
  organizationName: 'FC Arena Academy',
  location: 'Porto, Portugal',
  leagueLevel: '',
  sport: 'football',
  positions: 'Striker, Winger',
  contractType: 'Full Season',
  salary: '€1,200 / month',
  description: 'We are looking for a fast, two-footed striker.',
  requirements: '',
};

const applicationBody = {
  athleteName: 'Ana Lima',
  email: 'ana@arena.test',
  sport: 'Football',
  currentTeam: '',
  positionRole: 'Striker',
  yearsExperience: 6,
  achievements: 'Top scorer 2024',
  heightWeight: '',
  availability: 'From July',
  whyInterested: 'I want to play at a higher level.',
  willingToRelocate: true,
  desiredContractDuration: 'Multi-Year',
  consentPrivacyPolicy: true,
  consentDataSharing: true,
};

describeEachDatabase(
  'offers and applications',
  (context) => {
    const inject = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      user: SignedUp | null,
      payload?: object,
    ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
    let adminUser: Promise<SignedUp> | undefined;
    const admin = () => (adminUser ??= signUp(context(), { email: 'admin@arena.test' }));

    /** A club verified through the real flow: request, then an admin approves. */
    async function verifiedClub(userType: 'club' | 'agent' | 'coach' = 'club') {
      const club = await signUp(context(), { userType });
      await inject('POST', '/api/me/verification', club, {
        ...requestBody,
        organizationType: userType,
      });
      const reviewer = await admin();
      const { items } = (
        await inject('GET', '/api/admin/verification-requests?limit=50', reviewer)
      ).json<{ items: VerificationRequest[] }>();
      const request = items.find((r) => r.profile.id === club.session.profile.id)!;
      await inject('POST', `/api/admin/verification-requests/${request.id}/approve`, reviewer);
      return club;
    }
    const postOffer = async (poster: SignedUp, patch: object = {}) => {
      const response = await inject('POST', '/api/offers', poster, { ...offerBody, ...patch });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Offer>();
    };
    const uploadCv = (user: SignedUp, name: string, bytes: Buffer, type = 'application/pdf') => {
      const body = multipartFile('file', name, type, bytes);
      return context().app.inject({
        method: 'POST',
        url: '/api/cv-uploads',
        headers: { ...user.bearer, ...body.headers },
        payload: body.payload,
      });
    };
    const apply = (user: SignedUp, offerId: string, patch: object = {}) =>
      inject('POST', `/api/offers/${offerId}/applications`, user, { ...applicationBody, ...patch });

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
        const reviewer = await admin();
        const { items } = (
          await inject('GET', '/api/admin/verification-requests?limit=50', reviewer)
        ).json<{ items: VerificationRequest[] }>();
        const request = items.find((r) => r.profile.id === club.session.profile.id)!;
        await inject('POST', `/api/admin/verification-requests/${request.id}/disapprove`, reviewer);
        const response = await inject('POST', '/api/offers', club, offerBody);
        expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.offer.verificationRequired);
      });

      it.each([
        [{ title: '' }, MESSAGES.offer.titleRequired],
        [{ location: '  ' }, MESSAGES.offer.locationRequired],
        [{ sport: 'chess' }, MESSAGES.offer.sportRequired],
        [{ contractType: 'Forever' }, MESSAGES.offer.contractRequired],
        [{ description: 'x'.repeat(5001) }, MESSAGES.offer.tooLong],
      ])('refuses %j', async (patch, message) => {
        const club = await verifiedClub();
        const response = await inject('POST', '/api/offers', club, { ...offerBody, ...patch });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(message);
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
        expect((await inject('GET', '/api/me/applications-received', athlete)).statusCode).toBe(
          403,
        );

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
  { adminEmails: ['admin@arena.test'] },
);
