import { MESSAGES } from '@arena/shared/messages';
import {
  APPLICATION_STAGES,
  type ApplicationStage,
  applicationUpdateSentence,
  offerUpdateSentence,
} from '@arena/shared/application.schema';
import type {
  AppealDecision,
  ModerationAction,
  ReportTarget,
} from '@arena/shared/moderation.schema';
import {
  CAMP_CHANGES,
  type CampChange,
  campNoticeSentence,
  type Notification,
  scoutAlertSentence,
} from '@arena/shared/notification.schema';
import { SCHOLARSHIP_NOTICE_DETAIL } from '@arena/shared/scholarship.schema';

import type { NotificationRow } from './notifications.repository.ts';

/**
 * What an entry says in a mail and a push (the web words the list the same way,
 * `notification-sentence.ts`), and the list's data: who, what, and where it leads. Built
 * from names, counts and titles only, never from a message's or an application's text.
 */

function who(row: Pick<NotificationRow, 'actors' | 'actorCount'>): string {
  const [first, second] = row.actors;
  if (!first) return row.actorCount === 1 ? 'Someone' : `${row.actorCount} people`;
  const total = Math.max(row.actorCount, row.actors.length);
  if (total <= 1) return first.fullName;
  if (total === 2 && second) return `${first.fullName} and ${second.fullName}`;
  const others = total - 1;
  return `${first.fullName} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

export function sentenceOf(row: NotificationRow): string {
  switch (row.kind) {
    case 'follow':
      return `${who(row)} started following you`;
    case 'like':
      return `${who(row)} liked your post`;
    case 'repost':
      return `${who(row)} reposted your post`;
    case 'comment':
      return `${who(row)} commented on your post`;
    case 'mention':
      return `${who(row)} mentioned you in a ${row.detail === 'comment' ? 'comment' : 'post'}`;
    case 'application':
      return `${who(row)} applied to your ${scholarship(row) ? 'scholarship' : 'offer'} “${row.excerpt ?? ''}”`;
    case 'verification':
      return row.detail === 'approved'
        ? 'Your verification request was approved'
        : row.detail === 'removed'
          ? 'Your verification was removed'
          : 'Your verification request was not approved';
    case 'application_update':
      return applicationUpdateSentence(stageOf(row.detail), row.excerpt ?? '');
    case 'offer_update':
      return offerUpdateSentence(
        row.detail === 'withdrawn' ? 'withdrawn' : 'changed',
        row.excerpt ?? '',
        scholarship(row) ? 'scholarship' : 'offer',
      );
    case 'scout_alert':
      return scoutAlertSentence(who(row), Math.max(row.actorCount, row.actors.length), row.excerpt);
    case 'camp_registration':
    case 'camp_cancellation':
    case 'camp_update':
      return campNoticeSentence(row.kind, who(row), row.excerpt ?? '', campChangeOf(row.detail));
    case 'moderation':
      // Worded when it was recorded (`moderationSentence`): the decision does not change after.
      return row.detail ?? 'The moderators made a decision';
    case 'video':
      return MESSAGES.post.videoFailed;
  }
}

const ITEM_NAMES: Record<ReportTarget, string> = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  profile: 'profile',
  offer: 'offer',
  application: 'application',
};

/**
 * What a moderator's decision says to whom it concerns: the member acted against hears what was
 * done (the why is in the email and on their moderation page); each reporter hears only whether
 * something was done about the item; an appellant hears the appeal's outcome.
 */
export type ModerationNotice =
  | {
      to: 'member';
      item: ReportTarget;
      actions: readonly ModerationAction[];
      suspendedUntil: string | null;
    }
  | { to: 'reporter'; item: ReportTarget; actioned: boolean }
  | { to: 'appellant'; decision: AppealDecision };

/** How a reporter's notice begins (and how its link tells it from the member's). */
const REPORT_OUTCOME = 'We reviewed your report';

export function moderationSentence(notice: ModerationNotice): string {
  switch (notice.to) {
    case 'reporter':
      return `${REPORT_OUTCOME} of a ${ITEM_NAMES[notice.item]}: ${
        notice.actioned ? 'we took action' : 'no action was taken'
      }`;
    case 'appellant':
      return notice.decision === 'overturned'
        ? 'Your appeal was accepted: the decision was reversed'
        : 'Your appeal was reviewed: the decision stands';
    case 'member': {
      const parts: string[] = [];
      const item = ITEM_NAMES[notice.item];
      if (notice.actions.includes('remove')) parts.push(`removed your ${item}`);
      if (notice.actions.includes('warn')) parts.push(`warned you about your ${item}`);
      if (notice.actions.includes('suspend'))
        parts.push(`suspended your account until ${notice.suspendedUntil ?? ''}`);
      if (notice.actions.includes('ban')) parts.push('banned your account');
      return `A moderator ${parts.join(' and ')}`;
    }
  }
}

/**
 * An application to a scholarship, or a change to one, is recorded with this `detail`
 * (`SCHOLARSHIP_NOTICE_DETAIL`): the sentence says scholarship and the link leads to its page.
 */
const scholarship = (row: Pick<NotificationRow, 'detail'>) =>
  row.detail === SCHOLARSHIP_NOTICE_DETAIL;

const stageOf = (detail: string | null): ApplicationStage =>
  (APPLICATION_STAGES as readonly string[]).includes(detail ?? '')
    ? (detail as ApplicationStage)
    : 'viewed';

const campChangeOf = (detail: string | null): CampChange | null =>
  CAMP_CHANGES.find((change) => change === detail) ?? null;

/** The path of the app an entry leads to. */
export function hrefOf(row: NotificationRow): string {
  switch (row.kind) {
    case 'follow':
      return row.actors[0] ? `/profile/${row.actors[0].username}` : '/notifications';
    case 'like':
    case 'repost':
    case 'comment':
    case 'video':
      return `/posts/${row.subjectId}`;
    case 'mention':
      return `/posts/${row.detail === 'comment' ? row.postId : row.subjectId}`;
    case 'application':
      return `/applications-received?offer=${row.subjectId}`;
    case 'verification':
      return '/settings';
    case 'moderation':
      // A reporter hears only the outcome; the member acted against (or appealing) sees the
      // decision, its reason and the appeal on Decisions about you.
      return row.detail?.startsWith(REPORT_OUTCOME) ? '/notifications' : '/decisions';
    case 'application_update':
      return `/applications#${row.subjectId}`;
    case 'scout_alert':
      // The search as it was saved when it alerted (kept in `detail`): a renamed or deleted
      // search still opens its results.
      return row.detail ? `/scout?${row.detail}` : '/scout';
    case 'offer_update':
      if (row.detail === 'withdrawn') return '/applications';
      return scholarship(row) ? `/scholarships/${row.subjectId}` : `/offers/${row.subjectId}`;
    case 'camp_registration':
    case 'camp_cancellation':
      return `/sport-camps/${row.subjectId}#registrations`;
    case 'camp_update':
      return `/sport-camps/${row.subjectId}`;
  }
}

/** The list's entry, as the API gives it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    actors: row.actors.map((actor) => ({
      ...actor,
      userType: actor.userType as Notification['actors'][number]['userType'],
    })),
    actorCount: row.actorCount,
    subject: subjectOf(row),
    href: hrefOf(row),
    updatedAt: new Date(row.updatedAt).toISOString(),
    read: row.read,
  };
}

function subjectOf(row: NotificationRow): Notification['subject'] {
  switch (row.kind) {
    case 'follow':
      return { type: 'profile' };
    case 'scout_alert':
      return { type: 'saved_search', id: row.subjectId ?? '', name: row.excerpt ?? '' };
    case 'moderation':
      return { type: 'moderation', text: sentenceOf(row) };
    case 'verification':
      return {
        type: 'verification',
        decision:
          row.detail === 'approved'
            ? 'approved'
            : row.detail === 'removed'
              ? 'removed'
              : 'rejected',
      };
    case 'application':
      return {
        type: 'offer',
        id: row.subjectId ?? '',
        title: row.excerpt ?? '',
        kind: scholarship(row) ? 'scholarship' : 'offer',
      };
    case 'application_update':
      return {
        type: 'application',
        id: row.subjectId ?? '',
        offerTitle: row.excerpt ?? '',
        stage: stageOf(row.detail),
      };
    case 'offer_update':
      return {
        type: 'offer_change',
        id: row.subjectId ?? '',
        title: row.excerpt ?? '',
        change: row.detail === 'withdrawn' ? 'withdrawn' : 'changed',
        kind: scholarship(row) ? 'scholarship' : 'offer',
      };
    case 'camp_registration':
    case 'camp_cancellation':
    case 'camp_update':
      return {
        type: 'camp',
        id: row.subjectId ?? '',
        title: row.excerpt ?? '',
        change: campChangeOf(row.detail),
      };
    case 'mention':
      if (row.detail === 'comment') {
        return {
          type: 'comment',
          id: row.subjectId ?? '',
          postId: row.postId ?? '',
          excerpt: row.excerpt ?? '',
        };
      }
      return { type: 'post', id: row.subjectId ?? '', excerpt: row.excerpt ?? '' };
    case 'like':
    case 'repost':
    case 'comment':
    case 'video':
      return { type: 'post', id: row.subjectId ?? '', excerpt: row.excerpt ?? '' };
  }
}
