import type { ModerationItem } from '@arena/shared/moderation.schema';
import { format } from 'date-fns';
import { Link } from 'react-router';

import { cx, focusRing } from '../../../components/ui/class-names.ts';

/**
 * The reported item as it stands: its text and a link to it, or that it is gone; for a message,
 * its neighbours in the conversation with the reported one marked.
 */
export function CaseItem({ item }: { item: ModerationItem }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      {item.exists ? null : (
        <p className="font-medium text-slate-700">This item no longer exists.</p>
      )}
      {item.type === 'message' && item.context.length > 0 ? (
        <ol aria-label="The conversation around the message" className="flex flex-col gap-2">
          {item.context.map((message) => (
            <li
              key={message.id}
              aria-current={message.reported ? 'true' : undefined}
              className={cx(
                'rounded-lg px-3 py-2',
                message.reported ? 'border-2 border-red-600 bg-red-50' : 'bg-slate-50',
              )}
            >
              <p className="text-xs text-slate-700">
                <span className="font-semibold text-slate-900">{message.sender.fullName}</span>
                {' · '}
                <time dateTime={message.createdAt}>
                  {format(new Date(message.createdAt), 'PPp')}
                </time>
                {message.reported ? (
                  <span className="ml-2 font-semibold text-red-800">Reported</span>
                ) : null}
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-900">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : item.text ? (
        <blockquote className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-900">
          {item.text}
        </blockquote>
      ) : null}
      {item.exists && item.href ? (
        <Link
          to={item.href}
          className={cx(
            'self-start rounded-md font-medium text-blue-700 hover:underline',
            focusRing,
          )}
        >
          Open it in Arena
        </Link>
      ) : null}
    </div>
  );
}
