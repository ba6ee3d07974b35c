import type { LightMyRequestResponse } from 'fastify';

import type { MessagePage } from '@arena/shared/message.schema';
import type { ModerationCasePage } from '@arena/shared/moderation.schema';
import type { Offer, SignedUrl } from '@arena/shared/offer.schema';
import type { MediaUpload } from '@arena/shared/post.schema';

import { pdf } from './documents.ts';
import { multipartFile, type SignedUp } from './fixtures.ts';
import { applicationBody, offerBody } from './offers-fixtures.ts';
import type { Actor, ApiRequest, Member, Secret } from './security-world.ts';

/** What a step of the security world's seeding is given (security-world.ts). */
export interface Seeding {
  users: Record<Member, SignedUp>;
  /** `app.inject` as an actor, expecting `status`. */
  ok: (actor: Actor, options: ApiRequest, status?: number) => Promise<LightMyRequestResponse>;
  upload: (
    actor: Actor,
    url: string,
    filename: string,
    type: string,
    bytes: Buffer,
  ) => Promise<LightMyRequestResponse>;
  tag: (prefix: string) => string;
  png: Buffer;
}

/**
 * What the player and the verified club exchange: a conversation with text both ways and a photo
 * (and a photo uploaded for it, never sent), an offer of each verified club, and the player's
 * application with a CV. Returns the ids and links, and the secrets planted on the way.
 */
export async function seedExchanges({ users, ok, upload, tag, png }: Seeding) {
  // A conversation between the player and the verified club: text both ways and a photo.
  const messageText = tag('private-message');
  const conversationId = (
    await ok('player', {
      method: 'POST',
      url: '/api/conversations',
      payload: { username: users.verifiedClub.input.username },
    })
  ).json<{ id: string }>().id;
  const messageMedia = (
    await upload('player', '/api/message-media', 'me.png', 'image/png', png)
  ).json<MediaUpload>();
  const unsentMedia = (
    await upload('player', '/api/message-media', 'later.png', 'image/png', png)
  ).json<MediaUpload>();
  await ok(
    'player',
    {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: messageText },
    },
    201,
  );
  await ok(
    'player',
    {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { mediaId: messageMedia.id },
    },
    201,
  );
  const replyText = tag('private-reply');
  await ok(
    'verifiedClub',
    {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: replyText },
    },
    201,
  );
  const messages = (
    await ok('player', { method: 'GET', url: `/api/conversations/${conversationId}/messages` })
  ).json<MessagePage>();
  const messageMediaUrl = messages.items.find((m) => m.mediaUrl)?.mediaUrl;
  if (!messageMediaUrl) throw new Error('the photo message has no link');
  const messageMediaKey = messageMediaUrl
    .split('?')[0]!
    .replace('/files/signed/message-media/', '');

  // Offers of both verified clubs, and the player's application with a CV.
  const offer = (
    await ok('verifiedClub', { method: 'POST', url: '/api/offers', payload: offerBody }, 201)
  ).json<Offer>();
  const otherOffer = (
    await ok('otherVerifiedClub', { method: 'POST', url: '/api/offers', payload: offerBody }, 201)
  ).json<Offer>();
  const cvUpload = multipartFile('file', 'ana-cv.pdf', 'application/pdf', pdf());
  const cv = (
    await ok(
      'player',
      {
        method: 'POST',
        url: '/api/cv-uploads',
        headers: cvUpload.headers,
        payload: cvUpload.payload,
      },
      201,
    )
  ).json<{ id: string }>();
  const applicationEmail = `${tag('applicant')}@private.test`;
  const applicationWhy = tag('why-interested');
  await ok(
    'player',
    {
      method: 'POST',
      url: `/api/offers/${offer.id}/applications`,
      payload: {
        ...applicationBody,
        email: applicationEmail,
        whyInterested: applicationWhy,
        cvUploadId: cv.id,
      },
    },
    201,
  );
  const received = (
    await ok('verifiedClub', { method: 'GET', url: '/api/me/applications-received' })
  ).json<{ id: string }[]>();
  const applicationId = received[0]?.id;
  if (!applicationId) throw new Error('the application did not arrive');
  const cvUrl = (
    await ok('verifiedClub', { method: 'GET', url: `/api/applications/${applicationId}/cv-url` })
  ).json<SignedUrl>().url;
  const cvKey = cvUrl.split('?')[0]!.replace('/files/signed/offer-applications/', '');

  const secrets: Secret[] = [
    { value: messageText, what: 'a private message', visibleTo: ['player', 'verifiedClub'] },
    { value: replyText, what: 'a private reply', visibleTo: ['player', 'verifiedClub'] },
    {
      value: messageMediaKey,
      what: 'the storage key of a message photo',
      visibleTo: ['player', 'verifiedClub'],
    },
    {
      value: unsentMedia.url.split('?')[0]!.replace('/files/signed/message-media/', ''),
      what: 'the storage key of an unsent message photo',
      visibleTo: ['player'],
    },
    { value: applicationEmail, what: "an applicant's email", visibleTo: ['verifiedClub'] },
    { value: applicationWhy, what: 'an application text', visibleTo: ['verifiedClub'] },
    { value: cvKey, what: 'the storage key of a CV', visibleTo: ['player', 'verifiedClub'] },
  ];
  return {
    conversationId,
    messageMediaUrl,
    unsentMessageMediaId: unsentMedia.id,
    offerId: offer.id,
    otherOfferId: otherOffer.id,
    applicationId,
    cvUrl,
    secrets,
  };
}

/**
 * The safety personas' standing: the player and the verified club block `blocked`; `suspended`
 * posts, is reported, and a moderator suspends them for a week (which ends their sessions: the
 * access token they still hold is refused).
 */
export async function seedSanctions({ users, ok }: Seeding) {
  const blocked = users.blocked.input.username;
  for (const blocker of ['player', 'verifiedClub'] as const) {
    await ok(blocker, { method: 'PUT', url: `/api/profiles/${blocked}/block` });
  }
  const post = (
    await ok(
      'suspended',
      {
        method: 'POST',
        url: '/api/posts',
        payload: { content: 'Buy followers', sport: 'football' },
      },
      201,
    )
  ).json<{ id: string }>();
  await ok(
    'otherPlayer',
    {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'post', targetId: post.id, reason: 'spam' },
    },
    201,
  );
  const queue = (
    await ok('admin', { method: 'GET', url: '/api/moderation/cases?limit=50' })
  ).json<ModerationCasePage>();
  const reported = queue.items.find((item) => item.target.id === post.id);
  if (!reported) throw new Error('the report of the suspended member is not in the queue');
  await ok('admin', {
    method: 'POST',
    url: `/api/moderation/cases/${reported.id}/actions`,
    payload: { actions: ['suspend'], suspendDays: 7, reason: 'Spam' },
  });
}
