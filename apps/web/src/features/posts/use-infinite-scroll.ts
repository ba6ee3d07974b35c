import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onReach` when the element given the returned ref comes within `margin` of the viewport,
 * so the next page is there before the reader gets to the end. The ref is a callback: an element
 * that mounts after the list became ready to load more (a skeleton shown first) is observed too.
 * Where IntersectionObserver is missing, nothing happens and the visible 'Load more' button does
 * the work.
 */
export function useInfiniteScroll(
  onReach: () => void,
  enabled: boolean,
  margin = '800px',
): (element: Element | null) => void {
  const [element, setElement] = useState<Element | null>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });
  useEffect(() => {
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, margin]);
  return setElement;
}
