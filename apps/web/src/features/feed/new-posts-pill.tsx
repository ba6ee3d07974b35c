import { plural } from '@arena/shared/plural';
import { ArrowUp } from 'lucide-react';

import { Button } from '../../components/ui/button.tsx';

/**
 * Says, above the list, that newer posts are waiting; a click goes to the top and brings them
 * in there. The list itself never moves under the reader's eyes. The jump is instant and comes
 * first: a smooth scroll would run through every card of a long list on its way up, and with
 * the window already at the top the new entries simply push the list down (a reader inside
 * the list would keep their place instead, see VirtualFeed).
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
            window.scrollTo({ top: 0, behavior: 'instant' });
            onShow();
          }}
        >
          <ArrowUp className="size-4" aria-hidden />
          Show {plural(count, 'new post')}
        </Button>
      ) : null}
    </div>
  );
}
