import type { Conversation } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { format, formatDistanceToNowStrict } from 'date-fns';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';

import { useConversationsQuery } from './message-queries.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { PaneEmpty, PaneLoadFailed, PaneLoading } from './pane-states.tsx';
import { VerifiedMark } from './verified-mark.tsx';

/** 'Photo' or 'Video' for media alone, 'You: …' for mine (spec section 2, Messages). */
function previewText(lastMessage: Conversation['lastMessage']): string {
  if (!lastMessage) return 'No messages yet';
  const body =
    lastMessage.content ??
    (lastMessage.mediaType === 'video' ? 'Video' : lastMessage.mediaType ? 'Photo' : '');
  return lastMessage.fromMe ? `You: ${body}` : body;
}

/** 'just now', '5 minutes ago', '2 days ago'. */
function shortRelativeTime(iso: string, now: number): string {
  const date = new Date(iso);
  if (now - date.getTime() < 60_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

/** The current time, ticking every minute so relative times stay true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Your conversations, most recent first: who, the last message, when, and how many unread. */
export function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const conversations = useConversationsQuery();
  const now = useNow();

  if (conversations.isPending) return <PaneLoading label="Loading conversations..." />;
  if (conversations.isError) {
    return (
      <PaneLoadFailed
        message={MESSAGES.messaging.loadConversationsFailed}
        onRetry={() => void conversations.refetch()}
      />
    );
  }
  if (conversations.data.length === 0)
    return <PaneEmpty icon={MessagesSquare} message={MESSAGES.messaging.noConversations} />;
  return (
    <ul aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto">
      {conversations.data.map((conversation) => (
        <li key={conversation.id}>
          <ConversationItem
            conversation={conversation}
            selected={conversation.id === selectedId}
            now={now}
            onSelect={() => onSelect(conversation.id)}
          />
        </li>
      ))}
    </ul>
  );
}

export function ConversationItem({
  conversation,
  selected,
  now,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  now: number;
  onSelect: () => void;
}) {
  const { other, unreadCount, lastMessage } = conversation;
  const unread = unreadCount > 0;
  const name = other?.fullName ?? MESSAGES.privacy.deletedAccount;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cx(
        'flex w-full items-center gap-3 border-b border-slate-100 px-3 py-3 text-left transition-colors',
        selected ? 'bg-blue-50' : 'hover:bg-slate-50',
        focusRing,
        'focus-visible:-outline-offset-2',
      )}
    >
      <Avatar name={name} src={other?.avatarUrl ?? null} size="md" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className="flex min-w-0 flex-1 items-center gap-1">
            <span
              title={name}
              className={cx('truncate text-slate-900', unread ? 'font-bold' : 'font-semibold')}
            >
              {name}
            </span>
            {other?.verified ? <VerifiedMark /> : null}
          </span>
          {lastMessage ? (
            <time
              dateTime={conversation.lastMessageAt}
              title={format(new Date(conversation.lastMessageAt), 'PPpp')}
              className="shrink-0 text-xs text-slate-600"
            >
              {shortRelativeTime(conversation.lastMessageAt, now)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cx(
              'min-w-0 flex-1 truncate text-sm',
              unread ? 'font-semibold text-slate-900' : 'text-slate-700',
            )}
          >
            {previewText(lastMessage)}
          </span>
          {unread ? (
            <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-blue-700 px-1.5 text-xs font-bold text-white">
              {unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
