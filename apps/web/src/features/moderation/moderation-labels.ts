import type {
  AuditEvent,
  ModerationActionEntry,
  ReportTarget,
} from '@arena/shared/moderation.schema';

/** What an action did, as the member and the admins read it: 'Suspended for 7 days'. */
export function actionPhrase({
  action,
  suspendDays,
}: Pick<ModerationActionEntry, 'action' | 'suspendDays'>): string {
  switch (action) {
    case 'dismiss':
      return 'Reports dismissed';
    case 'remove':
      return 'Content removed';
    case 'warn':
      return 'Warning';
    case 'suspend':
      return suspendDays === 1 ? 'Suspended for 1 day' : `Suspended for ${suspendDays ?? '?'} days`;
    case 'ban':
      return 'Banned';
  }
}

export const AUDIT_EVENT_LABELS: Record<AuditEvent, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed content',
  warn: 'Warned',
  suspend: 'Suspended',
  ban: 'Banned',
  note: 'Added a note',
  appeal_upheld: 'Upheld an appeal',
  appeal_overturned: 'Overturned an appeal',
};

/** 'your post', 'your message': what an action was about, for the member. */
export const YOUR_TARGET: Record<ReportTarget, string> = {
  post: 'your post',
  comment: 'your comment',
  message: 'your message',
  profile: 'your profile',
  offer: 'your offer',
  application: 'your application',
};

export const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
