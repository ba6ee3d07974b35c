import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useOpenConversationMutation } from './message-queries.ts';

function openErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return MESSAGES.messaging.userNotFound;
    // The server's reason for a request it refuses as such (messaging yourself).
    if (error.status === 400) return error.message;
  }
  return MESSAGES.messaging.startFailed;
}

/**
 * `/messages?user={username}`: opens the conversation with that person, starting it if there is
 * none, then selects it (or says why it could not); `select` also takes `?user` off the address.
 * Runs once per username.
 */
export function useOpenFromQuery(
  username: string | null,
  select: (conversationId: string | null) => void,
): void {
  const { mutate } = useOpenConversationMutation();
  const opened = useRef<string | null>(null);
  const selectRef = useRef(select);
  useEffect(() => {
    selectRef.current = select;
  });

  useEffect(() => {
    if (!username || opened.current === username) return;
    opened.current = username;
    mutate(username, {
      onSuccess: ({ id }) => selectRef.current(id),
      onError: (error) => {
        toast.error(openErrorMessage(error));
        selectRef.current(null);
      },
    });
  }, [username, mutate]);
}
