import { ArrowUp } from 'lucide-react';

import { Button } from '../../components/ui/button.tsx';

function scrollToTop() {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * Says, above the list, that newer posts are waiting; a click brings them in and goes to the
 * top. The list itself never moves under the reader's eyes.
 */
export function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none sticky top-20 z-30 -mb-4 flex h-0 justify-center"
    >
      {count > 0 ? (
        <Button
          size="sm"
          className="pointer-events-auto rounded-full shadow-md"
          onClick={() => {
            onShow();
            scrollToTop();
          }}
        >
          <ArrowUp className="size-4" aria-hidden />
          {count === 1 ? 'Show 1 new post' : `Show ${count} new posts`}
        </Button>
      ) : null}
    </div>
  );
}
