import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { useSendMessageMutation } from './message-queries.ts';
import type { OutgoingMedia, OutgoingMessage } from './message-queries.ts';
import { checkAttachment, draftError } from './compose-rules.ts';
import { prepareAttachment } from './prepare-attachment.ts';
import type { Compress } from './prepare-attachment.ts';

function revoke(media: OutgoingMedia | null): void {
  if (media?.previewUrl) URL.revokeObjectURL(media.previewUrl);
}

/**
 * The composer's draft (text and one photo or video) and what it does: check and prepare an
 * attachment, validate, send. Sending clears the draft at once; if the message fails, the draft
 * comes back (unless something new was typed meanwhile).
 */
export function useMessageComposer(conversationId: string | null, compress?: Compress) {
  const [text, setText] = useState('');
  const [media, setMedia] = useState<OutgoingMedia | null>(null);
  const [preparing, setPreparing] = useState(false);
  /** The attachment being prepared; a newer choice or removal makes an older one moot. */
  const choice = useRef(0);
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  });
  useEffect(() => () => revoke(mediaRef.current), []);

  const send = useSendMessageMutation({
    onFailed: (draft: OutgoingMessage) => {
      if (draft.conversationId !== conversationId) {
        revoke(draft.media);
        return;
      }
      setText((current) => (current === '' ? (draft.content ?? '') : current));
      if (draft.media) {
        const restored = draft.media;
        setMedia((current) => {
          if (current === null) return restored;
          revoke(restored);
          return current;
        });
      }
    },
  });

  async function attach(file: File): Promise<void> {
    const check = checkAttachment(file);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    const id = ++choice.current;
    setPreparing(true);
    try {
      const prepared = await prepareAttachment(file, check, compress);
      if (id !== choice.current) {
        revoke(prepared);
        return;
      }
      revoke(mediaRef.current);
      setMedia(prepared);
    } finally {
      if (id === choice.current) setPreparing(false);
    }
  }

  function removeMedia(): void {
    choice.current += 1;
    setPreparing(false);
    revoke(media);
    setMedia(null);
  }

  /** Sends the draft, or toasts why it cannot go; true when it went. */
  function submit(): boolean {
    if (preparing) return false;
    const error = draftError({ conversationId, text, hasMedia: media !== null });
    if (error !== null) {
      toast.error(error);
      return false;
    }
    if (conversationId === null) return false;
    send.mutate({ conversationId, content: text.trim() || null, media });
    // The pending message shows the preview now; the URL is let go once the message is stored.
    setText('');
    setMedia(null);
    return true;
  }

  return { text, setText, media, preparing, attach, removeMedia, submit };
}
