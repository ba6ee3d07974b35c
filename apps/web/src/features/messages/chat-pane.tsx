import { MESSAGES } from '@arena/shared/messages';
import type { Conversation, Message } from '@arena/shared/message.schema';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useConversationLive } from './messages-live.ts';
import { useThreadQuery } from './message-queries.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageThread } from './message-thread.tsx';
import type { RequestAnswer } from './message-request-queries.ts';
import { RequestBanner } from './message-requests.tsx';
import { VerifiedMark } from './verified-mark.tsx';
import { useMarkRead } from './use-mark-read.ts';

function describe(message: Message): string {
  return message.content ?? (message.mediaType === 'video' ? 'Video' : 'Photo');
}

/**
 * What a screen reader hears as messages arrive: the newest one from the other person, once it
 * comes in after the conversation opened (not the history itself).
 */
function useArrivalAnnouncement(messages: Message[], me: string, otherName: string): string {
  const [announcement, setAnnouncement] = useState('');
  const newest = messages.at(-1);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    const previous = seen.current;
    seen.current = newest.id;
    if (previous !== null && previous !== newest.id && newest.senderId !== me)
      setAnnouncement(`New message from ${otherName}: ${describe(newest)}`);
  }, [newest, me, otherName]);
  return announcement;
}

/**
 * The open conversation: who it is with, its messages (live), and the composer; for a message
 * request waiting for you, the request's banner (accept, decline, block) instead.
 */
export function ChatPane({
  conversation,
  me,
  onBack,
  onRequestAnswered,
}: {
  conversation: Conversation;
  me: string;
  onBack: () => void;
  onRequestAnswered?: (answer: RequestAnswer) => void;
}) {
  const { other } = conversation;
  const thread = useThreadQuery(conversation.id);
  const messages = useMemo(
    () => (thread.data?.pages.flatMap((page) => page.items) ?? []).reverse(),
    [thread.data],
  );
  useConversationLive(conversation.id);
  useMarkRead(conversation.id, messages, me, !conversation.request);
  const name = other?.fullName ?? MESSAGES.privacy.deletedAccount;
  const announcement = useArrivalAnnouncement(messages, me, name);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          onClick={onBack}
          className="md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Button>
        {other ? (
          <Link
            to={`/profile/${encodeURIComponent(other.username)}`}
            className={cx('flex min-w-0 items-center gap-3 rounded-lg p-1', focusRing)}
          >
            <Avatar name={other.fullName} src={other.avatarUrl} size="md" />
            <span className="min-w-0">
              <h2 className="flex items-center gap-1 font-semibold text-slate-900">
                <span className="truncate" title={other.fullName}>
                  {other.fullName}
                </span>
                {other.verified ? <VerifiedMark /> : null}
              </h2>
              <span className="block truncate text-sm text-slate-700">@{other.username}</span>
            </span>
          </Link>
        ) : (
          <div className="flex min-w-0 items-center gap-3 p-1">
            <Avatar name={name} src={null} size="md" />
            <h2 className="truncate font-semibold text-slate-700">{name}</h2>
          </div>
        )}
      </header>
      <MessageThread conversation={conversation} me={me} messages={messages} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {conversation.request ? (
        <RequestBanner
          conversation={conversation}
          onAnswered={(answer) => onRequestAnswered?.(answer)}
        />
      ) : other ? (
        <MessageComposer conversationId={conversation.id} recipientName={other.fullName} />
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
          {MESSAGES.privacy.otherSideDeleted}
        </p>
      )}
    </div>
  );
}
