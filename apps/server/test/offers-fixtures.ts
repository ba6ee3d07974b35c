import { expect } from 'vitest';

import type { MyApplicationPage } from '@arena/shared/application.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';
import type { Offer } from '@arena/shared/offer.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

import {
  multipartFile,
  signUp,
  signUpAdmin,
  type SignedUp,
  verificationRequestBody as requestBody,
} from './fixtures.ts';
import type { TestContext } from './harness.ts';

/** A valid offer, as the Post Offer form sends it. */
export const offerBody = {
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

/** A valid application, as the Apply dialog sends it. */
export const applicationBody = {
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

const ADMIN_EMAIL = 'admin@arena.test';

/** The offers suites' configuration: the admin who approves verification requests. */
export const OFFERS_CONFIG = { adminEmails: [ADMIN_EMAIL] };

/** The requests the offers suites make, each on `context()`'s app. */
export function offersHelpers(context: () => TestContext) {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: SignedUp | null,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  let adminUser: Promise<SignedUp> | undefined;
  const admin = () => (adminUser ??= signUpAdmin(context(), { email: ADMIN_EMAIL }));

  /** The admin's decision (`approve`, `disapprove`) on `member`'s verification request. */
  async function review(member: SignedUp, decision: 'approve' | 'disapprove') {
    const reviewer = await admin();
    const { items } = (
      await inject('GET', '/api/admin/verification-requests?limit=50', reviewer)
    ).json<{ items: VerificationRequest[] }>();
    const request = items.find((r) => r.profile.id === member.session.profile.id)!;
    await inject('POST', `/api/admin/verification-requests/${request.id}/${decision}`, reviewer);
  }

  /** A club verified through the real flow: request, then an admin approves. */
  async function verifiedClub(userType: 'club' | 'agent' | 'coach' = 'club') {
    const club = await signUp(context(), { userType });
    await inject('POST', '/api/me/verification', club, {
      ...requestBody,
      organizationType: userType,
    });
    await review(club, 'approve');
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

  return { inject, admin, review, verifiedClub, postOffer, uploadCv, apply };
}

/** The pipeline suites' steps: an offer with one application, a stage move, a member's bell. */
export function pipelineHelpers(context: () => TestContext) {
  const { inject, postOffer, apply } = offersHelpers(context);

  /** An offer posted by `club` (with `patch`), and a new player's application to it. */
  async function applied(club: SignedUp, patch: object = {}) {
    const offer = await postOffer(club, patch);
    const player = await signUp(context(), { userType: 'player' });
    expect((await apply(player, offer.id)).statusCode).toBe(201);
    const mine = (await inject('GET', '/api/me/applications', player)).json<MyApplicationPage>();
    const application = mine.items[0]!;
    return { offer, player, application };
  }

  const move = (user: SignedUp, id: string, body: object) =>
    inject('POST', `/api/applications/${id}/stage`, user, body);
  const notifications = async (user: SignedUp) =>
    (await inject('GET', '/api/notifications', user)).json<NotificationPage>().items;

  return { applied, move, notifications };
}
