import { MESSAGES } from '@arena/shared/messages';
import { MessageSquare, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useInboxLive } from './messages-live.ts';
import { useConversationsQuery, useMessageRequestCount } from './message-queries.ts';
import { useMessageRequestsQuery } from './message-request-queries.ts';
import { RequestList } from './message-requests.tsx';
import { useRealtimeStatus } from '../../lib/realtime/use-realtime.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { useOpenFromQuery } from './use-open-from-query.ts';

/** Route state that opens a conversation: `navigate('/messages', { state: { conversationId } })`. */
export interface MessagesRouteState {
  conversationId?: string;
  /** Showing Message requests rather than the conversations. */
  requests?: boolean;
}

function selectedFrom(state: unknown): string | null {
  const id = (state as MessagesRouteState | null)?.conversationId;
  return typeof id === 'string' ? id : null;
}

function requestsFrom(state: unknown): boolean {
  return (state as MessagesRouteState | null)?.requests === true;
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
  const inRequests = requestsFrom(location.state);

  const show = useCallback(
    (conversationId: string | null, requests: boolean) => {
      const state: MessagesRouteState | null =
        conversationId || requests
          ? { ...(conversationId ? { conversationId } : {}), ...(requests ? { requests } : {}) }
          : null;
      void navigate('/messages', { replace: true, state });
    },
    [navigate],
  );
  const select = useCallback(
    (conversationId: string | null) => show(conversationId, false),
    [show],
  );
  const selectRequest = useCallback(
    (conversationId: string | null) => show(conversationId, true),
    [show],
  );

  useOpenFromQuery(username, select);
  const isReading = useCallback(
    (conversationId: string) =>
      conversationId === selectedId && document.visibilityState === 'visible',
    [selectedId],
  );
  useInboxLive(isReading);

  const conversations = useConversationsQuery();
  const requestCount = useMessageRequestCount();
  const requests = useMessageRequestsQuery({ enabled: inRequests });
  const selected = inRequests
    ? (requests.data?.pages.flatMap((page) => page.items).find((c) => c.id === selectedId) ?? null)
    : (conversations.data?.find((c) => c.id === selectedId) ?? null);
  // A conversation not in the list may be newer than the list: fetch it once more. Still not
  // there, it is not one of yours (or no longer exists).
  const notListed =
    !inRequests &&
    selectedId !== null &&
    conversations.isSuccess &&
    !conversations.isFetching &&
    !selected;
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
          <ListSwitch
            inRequests={inRequests}
            requestCount={requestCount}
            onChange={(requestsShown) => show(null, requestsShown)}
          />
          {inRequests ? (
            <RequestList selectedId={selectedId} onSelect={selectRequest} />
          ) : (
            <ConversationList selectedId={selectedId} onSelect={select} />
          )}
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
              onBack={() => show(null, inRequests)}
              // Accepted, it is a normal conversation: shown there. Otherwise it is gone.
              onRequestAnswered={(answer) =>
                answer === 'accept' ? select(selected.id) : selectRequest(null)
              }
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

/** Conversations or Message requests (N): two toggle buttons above the list. */
function ListSwitch({
  inRequests,
  requestCount,
  onChange,
}: {
  inRequests: boolean;
  requestCount: number;
  onChange: (requests: boolean) => void;
}) {
  const tab = (active: boolean) =>
    cx(
      'flex-1 rounded-lg px-3 py-1.5 text-sm font-medium',
      active ? 'bg-blue-50 text-blue-900' : 'text-slate-700 hover:bg-slate-50',
      focusRing,
    );
  return (
    <div className="flex gap-1 border-b border-slate-200 p-2">
      <button
        type="button"
        aria-pressed={!inRequests}
        className={tab(!inRequests)}
        onClick={() => onChange(false)}
      >
        Conversations
      </button>
      <button
        type="button"
        aria-pressed={inRequests}
        className={tab(inRequests)}
        onClick={() => onChange(true)}
      >
        {MESSAGES.messaging.requestsTitle} ({requestCount})
      </button>
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
