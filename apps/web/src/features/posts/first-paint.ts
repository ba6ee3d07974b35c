import { useSyncExternalStore } from 'react';

/*
 * Whether the page has painted a frame since the app started. A list whose items are already in
 * hand when the app first renders (the feed's early answer) waits for it: the frame around the
 * list paints in one task and the cards in the next, instead of everything in one long task that
 * holds up the first paint and the reader's first tap.
 */
let painted = false;
let waiting = false;
const listeners = new Set<() => void>();

/** Runs `callback` in a task of its own once the next frame has been painted; returns a cancel. */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame's callback runs before its paint; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!painted && !waiting) {
    waiting = true;
    afterNextPaint(() => {
      painted = true;
      for (const notify of listeners) notify();
    });
  }
  return () => listeners.delete(listener);
}

const hasPainted = () => painted;

/** False until the page has painted a frame since the app started, then true for good. */
export function useHasPainted(): boolean {
  return useSyncExternalStore(subscribe, hasPainted, () => true);
}
