import type { Message } from '@arena/shared/message.schema';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import { useMarkReadMutation } from './message-queries.ts';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Is the tab in front of the user? */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * Marks the other person's messages read while the conversation is open in a visible tab: on
 * opening it, and as new ones arrive. One attempt per newest unread message, so a failure is not
 * retried in a loop; the next message tries again. Not while `enabled` is false: a message
 * request is read without a receipt, until it is accepted.
 */
export function useMarkRead(
  conversationId: string,
  messages: Message[],
  me: string,
  enabled = true,
): void {
  const visible = useDocumentVisible();
  const { mutate, isPending } = useMarkReadMutation();
  const attempted = useRef<string | null>(null);
  let newestUnread: string | null = null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message && message.senderId !== me && !message.read) {
      newestUnread = message.id;
      break;
    }
  }

  useEffect(() => {
    if (!enabled || !visible || isPending || newestUnread === null) return;
    const key = `${conversationId}:${newestUnread}`;
    if (attempted.current === key) return;
    attempted.current = key;
    mutate(conversationId);
  }, [conversationId, newestUnread, visible, isPending, mutate, enabled]);
}
