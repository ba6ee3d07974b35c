import type { Message } from '@arena/shared/message.schema';
import { format } from 'date-fns';

import { isPendingMessage } from './messages-cache.ts';
import { cx } from '../../components/ui/class-names.ts';
import { MessageMedia } from './message-media.tsx';
import { ReportButton } from '../moderation/report/report-button.tsx';

/** One message: mine on the right in blue, theirs on the left; a note under it when it matters. */
export function MessageBubble({
  message,
  mine,
  senderName,
  seen,
  senderUsername,
}: {
  message: Message;
  mine: boolean;
  senderName: string;
  /** My last message the other person has read carries 'Seen'. */
  seen: boolean;
  /** Theirs, when their account still exists: the message can be reported. */
  senderUsername?: string | undefined;
}) {
  const pending = isPendingMessage(message);
  const date = new Date(message.createdAt);
  return (
    <li className={cx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div
        className={cx(
          'flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]',
          mine ? 'items-end' : 'items-start',
          pending && 'opacity-70',
        )}
      >
        <span className="sr-only">{mine ? 'You' : senderName}:</span>
        {message.mediaType ? (
          <MessageMedia message={message} senderName={mine ? 'you' : senderName} mine={mine} />
        ) : null}
        {message.content ? (
          <p
            className={cx(
              'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
              mine
                ? 'rounded-br-md bg-blue-700 text-white'
                : 'rounded-bl-md bg-white text-slate-900',
            )}
          >
            {message.content}
          </p>
        ) : null}
      </div>
      <p className="px-1 text-xs text-slate-600">
        {pending ? (
          'Sending...'
        ) : (
          <time dateTime={message.createdAt} title={format(date, 'PPpp')}>
            {format(date, 'p')}
          </time>
        )}
        {seen ? <span className="font-medium text-slate-700"> · Seen</span> : null}
        {!mine && !pending && senderUsername ? (
          <ReportButton
            subject={{ type: 'message', id: message.id, username: senderUsername }}
            label="Report message"
            className="-my-3 ml-1"
          />
        ) : null}
      </p>
    </li>
  );
}
