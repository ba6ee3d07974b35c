import type { Notification } from '@arena/shared/notification.schema';
import { Bell, Flag, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { RelativeTime } from '../posts/relative-time.tsx';
import { notificationSentence } from './notification-sentence.ts';

/** The faces of up to three of the people in the entry, overlapping; an icon for a decision. */
function EntryFaces({ notification }: { notification: Notification }) {
  const faces = notification.actors.slice(0, 3);
  if (faces.length === 0) {
    const Icon =
      notification.kind === 'verification'
        ? ShieldCheck
        : notification.kind === 'moderation'
          ? Flag
          : Bell;
    return (
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-blue-100 text-blue-800">
        <Icon className="size-5" aria-hidden />
      </span>
    );
  }
  return (
    <span className="flex shrink-0 -space-x-3" aria-hidden>
      {faces.map((actor) => (
        <Avatar
          key={actor.id}
          name={actor.fullName}
          src={actor.avatarUrl}
          className="ring-2 ring-white"
        />
      ))}
    </span>
  );
}

/**
 * One entry of /notifications: who, what and when, leading to what it is about. An unread entry
 * is tinted, says 'unread' to screen readers, and offers Mark as read; following it marks it read.
 */
export function NotificationEntry({
  notification,
  onRead,
}: {
  notification: Notification;
  onRead: (id: string) => void;
}) {
  const unread = !notification.read;
  return (
    <article
      className={cx(
        'relative flex items-start gap-3 rounded-xl border p-3 sm:p-4',
        unread ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white',
      )}
    >
      <EntryFaces notification={notification} />
      <div className="min-w-0 flex-1">
        <Link
          to={notification.href}
          onClick={() => {
            if (unread) onRead(notification.id);
          }}
          className={cx(
            'block rounded-md break-words text-slate-900 hover:underline',
            unread && 'font-semibold',
            focusRing,
          )}
        >
          {notificationSentence(notification)}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <RelativeTime iso={notification.updatedAt} className="text-sm text-slate-700" />
          {unread ? (
            <button
              type="button"
              onClick={() => onRead(notification.id)}
              className={cx(
                'inline-flex min-h-6 items-center rounded-md px-1 text-sm font-medium text-blue-700 hover:text-blue-900 hover:underline',
                focusRing,
              )}
            >
              Mark as read
            </button>
          ) : null}
        </div>
      </div>
      {unread ? (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-blue-700" aria-hidden />
      ) : null}
    </article>
  );
}
