import type { Conversation, Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { MessageCircle } from 'lucide-react';
import { useMemo } from 'react';

import { isPendingMessage } from './messages-cache.ts';
import { useThreadQuery } from './message-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { useThreadScroll } from './use-thread-scroll.ts';

/** The id of my newest message the other person has read: it carries 'Seen'. */
function lastSeenId(messages: Message[], me: string): string | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message && message.senderId === me && message.read && !isPendingMessage(message))
      return message.id;
  }
  return null;
}

/** The conversation's history, oldest at the top; scrolling up fetches older messages. */
export function MessageThread({
  conversation,
  me,
  messages,
}: {
  conversation: Conversation;
  me: string;
  /** Oldest first. */
  messages: Message[];
}) {
  const thread = useThreadQuery(conversation.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const scroll = useThreadScroll(messages, me, loadOlder);
  const seenId = useMemo(() => lastSeenId(messages, me), [messages, me]);
  const otherName = conversation.other?.fullName ?? MESSAGES.privacy.deletedAccount;

  return (
    <div
      ref={scroll.ref}
      onScroll={scroll.onScroll}
      // Reachable by keyboard, so a conversation of text alone can still be scrolled.
      tabIndex={0}
      role="region"
      aria-label={`Conversation with ${otherName}`}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 sm:px-4"
    >
      {thread.isPending ? (
        <div className="grid h-full place-items-center">
          <Spinner label="Loading messages..." showLabel />
        </div>
      ) : thread.isError && messages.length === 0 ? (
        <div className="grid h-full place-items-center text-center">
          <div className="grid justify-items-center gap-3">
            <p role="alert" className="text-slate-800">
              {MESSAGES.messaging.loadMessagesFailed}
            </p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : messages.length === 0 ? (
        <div className="grid h-full place-items-center text-center">
          <div className="grid justify-items-center gap-3">
            <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
              <MessageCircle className="size-6" aria-hidden />
            </span>
            <p className="text-slate-700">{MESSAGES.messaging.noMessages}</p>
          </div>
        </div>
      ) : (
        // Few messages sit at the bottom, next to the composer, as in any chat.
        <div className="flex min-h-full flex-col justify-end">
          {/* One height either way, so the messages do not move when the last page arrives. */}
          <div className="mb-4 flex h-9 items-center justify-center">
            {hasNextPage ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={loadOlder}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? 'Loading...' : 'Load older messages'}
              </Button>
            ) : (
              <p className="text-xs text-slate-600">Start of your conversation with {otherName}</p>
            )}
          </div>
          {thread.isFetchNextPageError ? (
            <p role="alert" className="mb-4 text-center text-sm text-slate-800">
              {MESSAGES.messaging.loadMessagesFailed}
            </p>
          ) : null}
          <ol aria-label={`Messages with ${otherName}`} className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.senderId === me}
                senderName={otherName}
                senderUsername={conversation.other?.username}
                seen={message.id === seenId}
              />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
