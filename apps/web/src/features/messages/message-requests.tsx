import type { Conversation } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { Ban, Check, Inbox, X } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';

import { LoadMore } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { ConversationItem, useNow } from './conversation-list.tsx';
import { PaneEmpty, PaneLoadFailed, PaneLoading } from './pane-states.tsx';
import {
  type RequestAnswer,
  useAnswerRequestMutation,
  useMessageRequestsQuery,
} from './message-request-queries.ts';

const m = MESSAGES.messaging;

/** The requests waiting for you: who wrote, their last message, when. */
export function RequestList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const requests = useMessageRequestsQuery();
  const now = useNow();
  if (requests.isPending) return <PaneLoading label="Loading message requests..." />;
  if (requests.isError) {
    return (
      <PaneLoadFailed message={m.requestsLoadFailed} onRetry={() => void requests.refetch()} />
    );
  }
  const items = requests.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <PaneEmpty icon={Inbox} message={m.noRequests} />;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <ul aria-label={m.requestsTitle}>
        {items.map((conversation) => (
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
      <div className="p-2">
        <LoadMore
          hasNextPage={requests.hasNextPage}
          isFetchingNextPage={requests.isFetchingNextPage}
          fetchNextPage={requests.fetchNextPage}
          loadingLabel="Loading more requests..."
        />
      </div>
    </div>
  );
}

/**
 * Under a request's messages, in place of the composer: what a request is, and Accept, Decline
 * or Block (after the same confirmation as blocking from a profile).
 */
export function RequestBanner({
  conversation,
  onAnswered,
}: {
  conversation: Conversation;
  onAnswered: (answer: RequestAnswer) => void;
}) {
  const answer = useAnswerRequestMutation();
  const [confirming, setConfirming] = useState(false);
  const username = conversation.other?.username ?? '';
  // The promise, not mutate's callbacks: those are dropped if the request leaves the screen first.
  const send = (choice: RequestAnswer) =>
    answer.mutateAsync({ id: conversation.id, answer: choice }).then(
      () => {
        setConfirming(false);
        onAnswered(choice);
      },
      () => undefined, // toasted by the mutation
    );
  function confirmBlock(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void send('block');
  }
  const busy = answer.isPending;
  return (
    <div
      role="region"
      aria-label="Message request"
      className="grid gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3"
    >
      <p className="text-sm text-slate-800">{m.requestBanner}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={() => void send('accept')}>
          <Check className="size-4" aria-hidden />
          Accept
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void send('decline')}>
          <X className="size-4" aria-hidden />
          Decline
        </Button>
        <Dialog open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
          <DialogTrigger asChild>
            <Button size="sm" variant="outline" disabled={busy} className="text-red-700">
              <Ban className="size-4" aria-hidden />
              Block
            </Button>
          </DialogTrigger>
          <DialogContent
            title={username ? `Block @${username}?` : 'Block?'}
            description={MESSAGES.safety.blockConfirm}
          >
            <form noValidate onSubmit={confirmBlock}>
              <DialogActions busy={busy} destructive>
                {busy ? 'Blocking...' : 'Block'}
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </div>
  );
}
