import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * How far above the bottom of the window toasts must stay, set by the element that keeps them
 * clear of itself (the message composer, whose Send button sits where toasts appear); the
 * toaster's bottom offset is the larger of its own and this.
 */
const TOAST_CLEARANCE = '--toast-clearance';

/** The room left between a toast and the element it keeps clear of. */
const GAP_PX = 12;

/**
 * While the element is on the page, toasts rise above its top edge: on every change of its size
 * (a longer draft, an attachment), of the window, and on scrolling.
 */
export function useKeepToastsClear(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const above = window.innerHeight - element.getBoundingClientRect().top;
      root.style.setProperty(TOAST_CLEARANCE, `${Math.max(0, Math.ceil(above + GAP_PX))}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true, capture: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
      root.style.removeProperty(TOAST_CLEARANCE);
    };
  }, [ref]);
}

/** A toaster offset that is `base`, or higher when an element asks toasts to keep clear of it. */
export function clearOf(base: string): string {
  return `max(${base}, var(${TOAST_CLEARANCE}, 0px))`;
}
