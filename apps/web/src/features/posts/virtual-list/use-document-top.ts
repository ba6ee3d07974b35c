import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Where the element starts on the page, in pixels from the document's top, kept up to date as
 * what is above it grows or shrinks (a composer preview, a profile's CV arriving): a list
 * positioned against the window needs it to know which of its rows are on screen.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [top, setTop] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setTop((current) => (current === next ? current : next));
    };
    update();
    // Anything above that changes size changes the body's size too.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return top;
}
