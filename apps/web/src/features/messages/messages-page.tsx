import { MESSAGES } from '@arena/shared/messages';
import { MessageSquare, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useInboxLive } from './messages-live.ts';
import { useConversationsQuery } from './message-queries.ts';
import { useRealtimeStatus } from '../../lib/realtime/use-realtime.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { useOpenFromQuery } from './use-open-from-query.ts';

/** Route state that opens a conversation: `navigate('/messages', { state: { conversationId } })`. */
export interface MessagesRouteState {
  conversationId?: string;
}

function selectedFrom(state: unknown): string | null {
  const id = (state as MessagesRouteState | null)?.conversationId;
  return typeof id === 'string' ? id : null;
}

/**
 * /messages: the conversation list and the open conversation side by side; on a phone, one at a
 * time with a way back. The open conversation lives in the route state, so a reload keeps it.
 */
export function MessagesPage() {
  const me = useCurrentUser()?.profile.id ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('user');
  const selectedId = selectedFrom(location.state);

  const select = useCallback(
    (conversationId: string | null) => {
      const state: MessagesRouteState | null = conversationId ? { conversationId } : null;
      void navigate('/messages', { replace: true, state });
    },
    [navigate],
  );

  useOpenFromQuery(username, select);
  const isReading = useCallback(
    (conversationId: string) =>
      conversationId === selectedId && document.visibilityState === 'visible',
    [selectedId],
  );
  useInboxLive(isReading);

  const conversations = useConversationsQuery();
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;
  // A conversation not in the list may be newer than the list: fetch it once more. Still not
  // there, it is not one of yours (or no longer exists).
  const notListed =
    selectedId !== null && conversations.isSuccess && !conversations.isFetching && !selected;
  const rechecked = useRef<{ id: string; listedAt: number } | null>(null);
  const { refetch, dataUpdatedAt } = conversations;
  useEffect(() => {
    if (!notListed) return;
    if (rechecked.current?.id !== selectedId) {
      rechecked.current = { id: selectedId, listedAt: dataUpdatedAt };
      void refetch();
      return;
    }
    if (dataUpdatedAt <= rechecked.current.listedAt) return; // the second look is under way
    toast.error(MESSAGES.messaging.openFailed);
    select(null);
  }, [notListed, selectedId, dataUpdatedAt, refetch, select]);

  // On a phone the open conversation takes the screen (unless the list failed to load).
  const showChat = (selectedId !== null || username !== null) && !conversations.isError;
  return (
    <div className="mx-auto max-w-6xl">
      <DocumentTitle title="Messages" />
      <ConnectionNotice />
      {/* As tall as the screen leaves (top bar, padding and, on phones, the tab bar). */}
      <Card className="grid h-[calc(100dvh-11rem)] min-h-[26rem] grid-cols-1 overflow-hidden md:grid-cols-[20rem_minmax(0,1fr)] lg:h-[calc(100dvh-8.5rem)]">
        <section
          aria-labelledby="conversations-heading"
          className={cx(
            'min-h-0 flex-col border-slate-200 md:flex md:border-r',
            showChat ? 'hidden' : 'flex',
          )}
        >
          <h1
            id="conversations-heading"
            className="border-b border-slate-200 px-4 py-3 text-xl font-bold tracking-tight text-slate-900"
          >
            Messages
          </h1>
          <ConversationList selectedId={selectedId} onSelect={select} />
        </section>
        <section
          aria-label="Conversation"
          className={cx('min-h-0 flex-col md:flex', showChat ? 'flex' : 'hidden')}
        >
          {selected ? (
            <ChatPane
              key={selected.id}
              conversation={selected}
              me={me}
              onBack={() => select(null)}
            />
          ) : showChat ? (
            <div className="grid flex-1 place-items-center">
              <Spinner label="Opening conversation..." showLabel />
            </div>
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-center">
              <div className="grid justify-items-center gap-3">
                <span className="grid size-14 place-items-center rounded-full bg-blue-50 text-blue-800">
                  <MessageSquare className="size-7" aria-hidden />
                </span>
                <p className="text-slate-700">{MESSAGES.messaging.selectConversation}</p>
              </div>
            </div>
          )}
        </section>
      </Card>
    </div>
  );
}

/** While the live connection is down, new messages show only once it is back. */
function ConnectionNotice() {
  const status = useRealtimeStatus();
  return (
    <div role="status" className="empty:hidden">
      {status === 'reconnecting' ? (
        <p className="mb-3 flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          Reconnecting... New messages will appear when the connection is back.
        </p>
      ) : null}
    </div>
  );
}
