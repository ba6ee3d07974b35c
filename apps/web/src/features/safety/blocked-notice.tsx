import { Button } from '../../components/ui/button.tsx';
import { useBlockMutation } from './safety-queries.ts';

/** In place of Follow and Message while the viewer blocks this member. */
export function BlockedNotice({ username }: { username: string }) {
  const block = useBlockMutation();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      <p className="min-w-0 text-sm font-medium break-words text-red-900">
        You blocked @{username}.
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={block.isPending}
        onClick={() => block.mutate({ username, block: false })}
      >
        {block.isPending ? 'Unblocking...' : 'Unblock'}
        <span className="sr-only"> @{username}</span>
      </Button>
    </div>
  );
}
