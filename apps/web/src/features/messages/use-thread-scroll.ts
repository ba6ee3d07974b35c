import type { Message } from '@arena/shared/message.schema';
import { useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom, the reader is following the conversation. */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top, the next older page is fetched. */
const NEAR_TOP_PX = 200;

interface Snapshot {
  oldestId: string | undefined;
  newestId: string | undefined;
  scrollHeight: number;
  nearBottom: boolean;
}

function isNearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
}

/**
 * The conversation's scrolling, `messages` being oldest first. It opens at the bottom; it stays
 * at the bottom as messages arrive while the reader is there (and when they send one); when an
 * older page is put on top it keeps the messages in view exactly where they were. The element
 * turns off the browser's own scroll anchoring (`overflow-anchor: none`), which would otherwise
 * correct the same jump a second time.
 */
export function useThreadScroll(messages: Message[], me: string, onNearTop: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<Snapshot | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const previous = last.current;
    const oldestId = messages[0]?.id;
    const newest = messages.at(-1);
    if (!previous || previous.newestId === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (oldestId !== previous.oldestId && newest?.id === previous.newestId) {
      // Older messages went in above: move down by exactly the height they added.
      element.scrollTop += element.scrollHeight - previous.scrollHeight;
    } else if (
      previous.nearBottom ||
      (newest !== undefined && newest.id !== previous.newestId && newest.senderId === me)
    ) {
      element.scrollTop = element.scrollHeight;
    }
    last.current = {
      oldestId,
      newestId: newest?.id,
      scrollHeight: element.scrollHeight,
      nearBottom: isNearBottom(element),
    };
  }, [messages, me]);

  function onScroll() {
    const element = ref.current;
    if (!element) return;
    if (last.current) last.current.nearBottom = isNearBottom(element);
    if (element.scrollTop <= NEAR_TOP_PX) onNearTop();
  }

  return { ref, onScroll };
}
