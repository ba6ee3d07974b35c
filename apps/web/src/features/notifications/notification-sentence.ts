import { MESSAGES } from '@arena/shared/messages';
import { applicationUpdateSentence, offerUpdateSentence } from '@arena/shared/application.schema';
import {
  campNoticeSentence,
  type Notification,
  scoutAlertSentence,
} from '@arena/shared/notification.schema';

/**
 * Who did it: 'Ana López', 'Ana López and Ben Ode', 'Ana López and 12 others'. Those who are
 * named are the most recent; `actorCount` counts everyone in the group.
 */
function actorsPhrase({ actors, actorCount }: Pick<Notification, 'actors' | 'actorCount'>) {
  const [first, second] = actors;
  if (!first) return 'Someone';
  const total = Math.max(actorCount, actors.length);
  if (total <= 1) return first.fullName;
  if (total === 2 && second) return `${first.fullName} and ${second.fullName}`;
  const others = total - 1;
  return `${first.fullName} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

const quoted = (text: string) => `“${text}”`;

/** The entry as one sentence: 'Ana López and 12 others liked your post'. */
export function notificationSentence(notification: Notification): string {
  const who = actorsPhrase(notification);
  const { subject } = notification;
  switch (notification.kind) {
    case 'follow':
      return `${who} started following you`;
    case 'like':
      return `${who} liked your ${subject.type === 'comment' ? 'comment' : 'post'}`;
    case 'repost':
      return `${who} reposted your post`;
    case 'comment':
      // The excerpt is the comment's (the latest one of the group); a post's own text is not
      // what they said.
      return subject.type === 'comment'
        ? `${who} commented on your post: ${quoted(subject.excerpt)}`
        : `${who} commented on your post`;
    case 'mention':
      return `${who} mentioned you in a ${subject.type === 'comment' ? 'comment' : 'post'}`;
    case 'application':
      return subject.type === 'offer'
        ? `${who} applied to your ${subject.kind ?? 'offer'} ${quoted(subject.title)}`
        : `${who} applied to your offer`;
    case 'verification':
      if (subject.type !== 'verification') return 'Your verification request was decided';
      return subject.decision === 'removed'
        ? 'Your verification was removed'
        : `Your verification request was ${subject.decision}`;
    case 'application_update':
      return subject.type === 'application'
        ? applicationUpdateSentence(subject.stage, subject.offerTitle)
        : 'Your application changed';
    case 'offer_update':
      return subject.type === 'offer_change'
        ? offerUpdateSentence(subject.change, subject.title, subject.kind)
        : 'An offer you applied to changed';
    case 'scout_alert':
      return scoutAlertSentence(
        who,
        Math.max(notification.actorCount, notification.actors.length),
        subject.type === 'saved_search' ? subject.name : null,
      );
    case 'camp_registration':
    case 'camp_cancellation':
    case 'camp_update':
      return subject.type === 'camp'
        ? campNoticeSentence(notification.kind, who, subject.title, subject.change)
        : 'A camp changed';
    case 'moderation':
      // Worded by the server when the decision was recorded.
      return subject.type === 'moderation' ? subject.text : 'The moderators made a decision';
    case 'video':
      return MESSAGES.post.videoFailed;
  }
}
