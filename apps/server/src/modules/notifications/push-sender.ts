import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';

import webPush, { type Urgency } from 'web-push';

import type { PushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** What the service worker shows: never private text (a message's or an application's). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click on the notice leads, a path of the app. */
  url: string;
  /** The notice's group ("like:<post id>"): a newer notice replaces the older on the device. */
  tag: string;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** How push services reach the sender about its traffic: `mailto:CONTACT_EMAIL` or PUBLIC_URL. */
  subject: string;
  subscriptions: PushSubscriptionsRepository;
  /**
   * The HTTPS agent for the push services: one trusting a private CA (a push service behind a
   * proxy, the tests' local receiver). Node's default otherwise.
   */
  agent?: Agent;
}

/** A notice older than a day is stale: a phone that was off that long does not get it at all. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer does not hold the job up for long. */
const TIMEOUT_MS = 10_000;
/**
 * Push services take at most 4 KB of encrypted payload (RFC 8030 §7.2; a 413 otherwise, which no
 * retry would cure): the texts are clipped well below, whatever names they carry.
 */
const TITLE_MAX = 120;
const BODY_MAX = 400;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** At most `max` characters as a person counts them (an emoji or an accented letter is one). */
function clip(text: string, max: number): string {
  const parts = Array.from(graphemes.segment(text), (part) => part.segment);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join('')}…`;
}

/**
 * The Topic header (RFC 8030 §5.4): at most 32 base64url characters, so the tag is hashed. A push
 * service keeps only the newest undelivered message of a topic: a phone that was offline during
 * a burst of likes on one post gets one notice, not fifty.
 */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export type PushSender = ReturnType<typeof createPushSender>;

export function createPushSender(options: PushSenderOptions) {
  const { vapid, subject, subscriptions, agent } = options;
  // Checks the subject (mailto: or https:) and the keys now, at start, rather than at the first push.
  webPush.getVapidHeaders(
    'https://push.example',
    subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
  );

  return {
    /**
     * Sends the notice to every browser the member turned push on in. A subscription the push
     * service says is gone (404, 410: the browser unsubscribed or was reset) is deleted. Any
     * other failure is thrown once every browser was tried, so the job retries; browsers that
     * got it then get it again, which the service worker's `tag` turns into a silent replacement
     * of the same notice, not a second one.
     */
    async sendToProfile(
      profileId: string,
      payload: PushPayload,
      { urgency = 'normal' }: { urgency?: Urgency } = {},
    ): Promise<{ sent: number; removed: number }> {
      const targets = await subscriptions.listFor(profileId);
      const body = JSON.stringify({
        ...payload,
        title: clip(payload.title, TITLE_MAX),
        body: clip(payload.body, BODY_MAX),
      });
      const outcomes = await Promise.allSettled(
        targets.map(async (target) => {
          try {
            await webPush.sendNotification(
              { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
              body,
              {
                vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
                TTL: TTL_SECONDS,
                urgency,
                topic: topicOf(payload.tag),
                contentEncoding: 'aes128gcm',
                timeout: TIMEOUT_MS,
                ...(agent ? { agent } : {}),
              },
            );
            return 'sent' as const;
          } catch (error) {
            if (
              error instanceof webPush.WebPushError &&
              (error.statusCode === 404 || error.statusCode === 410)
            ) {
              await subscriptions.removeGone(target.id);
              return 'removed' as const;
            }
            throw error;
          }
        }),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const count = (what: 'sent' | 'removed') =>
        outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === what)
          .length;
      return { sent: count('sent'), removed: count('removed') };
    },
  };
}
