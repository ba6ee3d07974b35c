import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { EMAIL_MODES, NOTICE_KINDS, NOTIFICATION_KINDS } from '@arena/shared/notification.schema';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/**
 * One entry of a member's list. While it is unread, everything of one kind about one subject
 * joins it (`group_key`: "like:<post id>"): a post liked by 10,000 members is one row for its
 * author, whose count and latest people move. Once read, the next event starts a new entry.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The kind and its subject's id, e.g. `like:<post id>`, `follow`, `verification:<request>`. */
    groupKey: text('group_key').notNull(),
    /** The post, comment, offer or verification request it is about. */
    subjectId: uuid('subject_id'),
    /** The latest people first, at most five, without repeats. */
    actorIds: uuid('actor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    actorCount: integer('actor_count').notNull().default(1),
    /** A decision's outcome (verification: approved, rejected, removed), a stage, a change. */
    detail: text('detail'),
    /** What the subject was called, kept for a subject that is gone (a withdrawn offer). */
    subjectTitle: text('subject_title'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** Changed since the member last opened the list: counted by the bell. */
    unseen: boolean('unseen').notNull().default(true),
    readAt: timestampTz('read_at'),
    /**
     * Set when the entry changes and someone may want an email or a push for it now; the delivery
     * sweep clears it. A burst of likes therefore makes one delivery, not one per like.
     */
    deliverAfter: timestampTz('deliver_after'),
    /** The last time a daily digest carried it: a digest carries only what changed since. */
    digestedAt: timestampTz('digested_at'),
  },
  (t) => [
    check('notifications_kind_check', oneOf('kind', NOTIFICATION_KINDS)),
    check('notifications_actor_count_check', sql`actor_count >= 0`),
    // The list: newest change first.
    index('notifications_recipient_updated_idx').on(
      t.recipientId,
      descending(t.updatedAt),
      descending(t.id),
    ),
    // One open (unread) entry per subject and kind: the upsert's target.
    uniqueIndex('notifications_open_group_key')
      .on(t.recipientId, t.groupKey)
      .where(sql`read_at IS NULL`),
    index('notifications_unseen_idx')
      .on(t.recipientId)
      .where(sql`unseen`),
    index('notifications_deliver_after_idx')
      .on(t.deliverAfter)
      .where(sql`deliver_after IS NOT NULL`),
    index('notifications_subject_idx').on(t.subjectId),
  ],
);

/** A member's choice for one kind; a kind without a row has its default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    email: text('email', { enum: EMAIL_MODES }).notNull(),
    push: boolean('push').notNull(),
    /**
     * For a kind with no entries of its own (messages, counted by their badge): the time up to
     * which a daily digest has carried it, so that the next one carries only what came after.
     */
    digestedAt: timestampTz('digested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.kind] }),
    check('notification_preferences_kind_check', oneOf('kind', NOTICE_KINDS)),
    check('notification_preferences_email_check', oneOf('email', EMAIL_MODES)),
  ],
);

/** A browser a member turned push on in. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The session (refresh-token family) it was turned on in: once that session ends (signing
     * out, ended from another device, a password change), nothing is pushed to the browser.
     */
    sessionId: uuid('session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_profile_idx').on(t.profileId),
  ],
);

/** Server-wide key pairs made at first start: the VAPID keys push services know Arena by. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * Mails already handed to the transport, by idempotency key: a job retried after a crash, or
 * run twice, sends its mail once.
 */
export const sentMails = pgTable(
  'sent_mails',
  {
    key: text('key').primaryKey(),
    purpose: text('purpose').notNull(),
    sentAt: timestampTz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('sent_mails_sent_at_idx').on(t.sentAt)],
);
