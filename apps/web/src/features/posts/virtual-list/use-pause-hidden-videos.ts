import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Pauses a video of the list once it is scrolled out of sight. Rows far away are unmounted,
 * which stops their media anyway; this covers the rows kept a while longer (the overscan, and
 * the row that holds focus). Only playing videos are watched.
 */
export function usePauseHiddenVideos(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = ref.current;
    if (!container || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        if (entry.target instanceof HTMLVideoElement) entry.target.pause();
      }
    });
    // 'play' does not bubble; a listener in the capture phase still hears it.
    const onPlay = (event: Event) => {
      if (event.target instanceof HTMLVideoElement) observer.observe(event.target);
    };
    container.addEventListener('play', onPlay, true);
    return () => {
      container.removeEventListener('play', onPlay, true);
      observer.disconnect();
    };
  }, [ref]);
}
