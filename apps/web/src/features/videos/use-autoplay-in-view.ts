import { useEffect } from 'react';
import type { RefObject } from 'react';

import { useMediaQuery } from '../shell/use-media-query.ts';

/** How much of a video must be on screen for it to start by itself; below it, it pauses. */
const VISIBLE_SHARE = 0.5;

/** The Network Information API (Chromium only): `saveData` is the reader's "Data Saver". */
type WithConnection = Navigator & { connection?: { saveData?: boolean } };

/**
 * May videos start by themselves? Not for a reader who asked their system for less motion, nor on
 * a connection set to save data: a feed of playing videos is both motion and megabytes.
 */
export function useAutoplayAllowed(): boolean {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const saveData = (navigator as WithConnection).connection?.saveData === true;
  return !reducedMotion && !saveData;
}

/**
 * While `enabled`, plays the video once half of it is on screen and pauses it when it falls below
 * that. It only ever starts a muted video (browsers refuse sound nobody asked for, and a reader who
 * turned the sound on did not ask for it to start again as they scroll past); pausing is for every
 * video, so nothing plays out of sight.
 */
export function useAutoplayInView(ref: RefObject<HTMLVideoElement | null>, enabled: boolean): void {
  useEffect(() => {
    const video = ref.current;
    if (!enabled || !video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        if (entry.isIntersecting && entry.intersectionRatio >= VISIBLE_SHARE) {
          // Refused when the browser allows no autoplay at all: the reader presses play instead.
          if (video.muted && video.paused) video.play().catch(() => undefined);
        } else if (!video.paused) {
          video.pause();
        }
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [ref, enabled]);
}
