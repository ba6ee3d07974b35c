import { z } from 'zod';

import { APPLICATION_STAGES } from './application.schema.ts';
import { OFFER_KINDS } from './constants.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';

/**
 * Notifications: what happened to a member, grouped (one entry per kind and subject while it is
 * unread: "Ana López and 12 others liked your post"), and how each kind reaches them.
 */

/** What an entry in the list can be about. */
export const NOTIFICATION_KINDS = [
  'follow',
  'like',
  'comment',
  'repost',
  'mention',
  'application',
  'verification',
  /** To an athlete: their application moved (viewed, shortlisted, invited to trial, …). */
  'application_update',
  /** To an athlete: an offer they applied to changed (location, contract, salary) or was withdrawn. */
  'offer_update',
  /** A moderator's decision: to the member acted against, and the outcome to each reporter. */
  'moderation',
  /** To a scout: athletes who newly match one of their saved searches (at most daily a search). */
  'scout_alert',
  /** To a camp's organiser: members who registered interest in or booked a place at it. */
  'camp_registration',
  /** To a camp's organiser: members who cancelled their place or interest. */
  'camp_cancellation',
  /** To a member: their place at a camp changed (moved up from the waiting list, camp cancelled). */
  'camp_update',
  /** To an author: their video could not be made playable (the post stays, without it). */
  'video',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What happened to a member's place at a camp (`camp_update`). */
export const CAMP_CHANGES = ['promoted', 'cancelled', 'changed'] as const;
export type CampChange = (typeof CAMP_CHANGES)[number];

/**
 * The kinds a member chooses how to hear about: every list kind, and messages (which are counted
 * by the messages badge in the app, so reach a member only by email and push).
 */
export const NOTICE_KINDS = [...NOTIFICATION_KINDS, 'message'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  follow: 'New followers',
  like: 'Likes on your posts',
  comment: 'Comments on your posts and replies in threads you commented on',
  repost: 'Reposts of your posts',
  mention: 'Mentions of you',
  application: 'Applications to your offers',
  verification: 'Decisions on your verification request',
  application_update: 'Changes to your applications',
  offer_update: 'Changes to offers you applied to',
  moderation: 'Decisions of the moderators on your content and your reports',
  scout_alert: 'New athletes matching your saved searches',
  camp_registration: 'Registrations for your camps',
  camp_cancellation: 'Cancellations at your camps',
  camp_update: 'Changes to your places at camps',
  video: 'Videos of yours that could not be processed',
  message: 'Messages you have not read',
};

/** Email for a kind: never, as it happens, or gathered into one mail a day. */
export const EMAIL_MODES = ['off', 'immediate', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  off: 'Off',
  immediate: 'Immediately',
  daily: 'Daily digest',
};

/** Minutes a message stays unread before its email goes ('immediately' for messages). */
export const MESSAGE_EMAIL_DELAY_MINUTES = 15;

const noticePreferenceSchema = z.object({
  email: z.enum(EMAIL_MODES, { error: 'Choose Off, Immediately or Daily digest.' }),
  push: z.boolean({ error: 'Push must be on or off.' }),
});
export type NoticePreference = z.infer<typeof noticePreferenceSchema>;

/** Every kind's choice, as stored or defaulted. */
const noticePreferencesSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, noticePreferenceSchema])) as Record<
    NoticeKind,
    typeof noticePreferenceSchema
  >,
);
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

/** Applications, verification decisions and messages by email as they happen; social activity daily. */
export const DEFAULT_NOTICE_PREFERENCES: NoticePreferences = {
  follow: { email: 'daily', push: true },
  like: { email: 'daily', push: true },
  comment: { email: 'daily', push: true },
  repost: { email: 'daily', push: true },
  mention: { email: 'daily', push: true },
  application: { email: 'immediate', push: true },
  verification: { email: 'immediate', push: true },
  application_update: { email: 'immediate', push: true },
  offer_update: { email: 'immediate', push: true },
  moderation: { email: 'immediate', push: true },
  scout_alert: { email: 'immediate', push: true },
  camp_registration: { email: 'daily', push: true },
  camp_cancellation: { email: 'daily', push: true },
  camp_update: { email: 'immediate', push: true },
  video: { email: 'immediate', push: true },
  message: { email: 'immediate', push: true },
};

/** A change to some kinds; the kinds left out keep their choice. Unknown kinds are refused. */
export const updateNoticePreferencesSchema = z.strictObject(
  Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, noticePreferenceSchema.partial().optional()]),
  ) as Record<NoticeKind, z.ZodOptional<ReturnType<typeof noticePreferenceSchema.partial>>>,
  { error: 'That is not a kind of notification.' },
);
export type UpdateNoticePreferences = z.infer<typeof updateNoticePreferencesSchema>;

/** Settings → Notifications: the choices and what a browser needs to turn push on. */
export const notificationSettingsSchema = z.object({
  preferences: noticePreferencesSchema,
  /** The application server key (VAPID), base64url, for `PushManager.subscribe`. */
  vapidPublicKey: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What an entry is about, enough to show it and link to it. */
const notificationSubjectSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), id: z.uuid(), excerpt: z.string() }),
  z.object({ type: z.literal('comment'), id: z.uuid(), postId: z.uuid(), excerpt: z.string() }),
  z.object({
    type: z.literal('offer'),
    id: z.uuid(),
    title: z.string(),
    /** A scholarship is applied to as an offer is (decision 0047); absent: an offer. */
    kind: z.enum(OFFER_KINDS).optional(),
  }),
  z.object({
    type: z.literal('application'),
    id: z.uuid(),
    offerTitle: z.string(),
    stage: z.enum(APPLICATION_STAGES),
  }),
  z.object({
    type: z.literal('offer_change'),
    id: z.uuid(),
    title: z.string(),
    change: z.enum(['changed', 'withdrawn']),
    /** A change to a scholarship; absent: an offer. */
    kind: z.enum(OFFER_KINDS).optional(),
  }),
  z.object({
    type: z.literal('verification'),
    decision: z.enum(['approved', 'rejected', 'removed']),
  }),
  z.object({ type: z.literal('profile') }),
  /** A scout's saved search that new athletes match (its name; the entry's people are them). */
  z.object({ type: z.literal('saved_search'), id: z.uuid(), name: z.string() }),
  /** A camp: registrations or cancellations at it (organiser), or a change to one's place. */
  z.object({
    type: z.literal('camp'),
    id: z.uuid(),
    title: z.string(),
    change: z.enum(CAMP_CHANGES).nullable(),
  }),
  /** A moderator's decision, said in full (`notification-text.ts` on the server words it). */
  z.object({ type: z.literal('moderation'), text: z.string() }),
]);

const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The most recent people first (at most three); empty for a decision an admin made. */
  actors: z.array(profileSummarySchema),
  /** Everyone in the group, the named ones included. */
  actorCount: z.number().int().min(0),
  subject: notificationSubjectSchema,
  /** Where the entry leads in the app, a path. */
  href: z.string(),
  updatedAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The list's filter: everything, mentions and comments, follows, offers and applications. */
export const NOTIFICATION_FILTERS = ['all', 'mentions', 'follows', 'offers'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATION_FILTER_LABELS: Record<NotificationFilter, string> = {
  all: 'All',
  mentions: 'Mentions and comments',
  follows: 'Follows',
  offers: 'Offers and applications',
};

export const NOTIFICATION_FILTER_KINDS: Record<NotificationFilter, readonly NotificationKind[]> = {
  all: NOTIFICATION_KINDS,
  mentions: ['mention', 'comment'],
  follows: ['follow'],
  offers: ['application', 'verification', 'application_update', 'offer_update'],
};

export const notificationListQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS, { error: 'Choose a filter from the list.' }).default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** The bell's number: entries changed since the member last opened the list. */
export const unseenCountSchema = z.object({ unseen: z.number().int().min(0) });

const PUSH_KEY = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'A push endpoint must be an https address.' })
    .max(1000, { error: 'A push endpoint must be an https address.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string()
        .min(80)
        .max(100)
        .regex(PUSH_KEY, { error: 'The push keys are malformed.' }),
      auth: z.string().min(16).max(32).regex(PUSH_KEY, { error: 'The push keys are malformed.' }),
    },
    { error: 'The push keys are missing.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().max(1000) });

/** One-click unsubscribe (RFC 8058): the signed token from the mail's link. */
export const unsubscribeSchema = z.object({ token: z.string().min(10).max(1000) });
export const unsubscribeResultSchema = z.object({
  /** A kind, or `daily`: a digest's link turns off every kind it gathers. */
  kind: z.enum([...NOTICE_KINDS, 'daily']),
  label: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** A job that used up its tries, for admins. */
const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  purpose: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  failedAt: z.iso.datetime(),
});
export const failedJobListSchema = z.object({ items: z.array(failedJobSchema) });
export type FailedJob = z.infer<typeof failedJobSchema>;

/** "Jordan Miles and 2 others match your saved search “U19 wingers”" (the server and the web). */
/** The camp kinds' sentence, the same in the app, a mail and a push. */
export function campNoticeSentence(
  kind: 'camp_registration' | 'camp_cancellation' | 'camp_update',
  who: string,
  title: string,
  change: CampChange | null,
): string {
  const camp = `“${title}”`;
  switch (kind) {
    case 'camp_registration':
      return `${who} registered for your camp ${camp}`;
    case 'camp_cancellation':
      return `${who} cancelled their registration for your camp ${camp}`;
    case 'camp_update':
      if (change === 'promoted') return `A place opened at ${camp}: you are booked`;
      if (change === 'cancelled') return `The camp ${camp} was cancelled by its organiser`;
      return `The camp ${camp} changed: check its dates and place`;
  }
}

export function scoutAlertSentence(who: string, count: number, searchName: string | null): string {
  const search = searchName ? `your saved search “${searchName}”` : 'your saved search';
  return `${who} ${count === 1 ? 'matches' : 'match'} ${search}`;
}
