import { Card } from '../../components/ui/card.tsx';

/** Grey shapes where the first posts will be, while they load. */
export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading posts...</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} aria-hidden className="animate-pulse p-4 sm:p-5">
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-slate-200" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-3 w-1/3 rounded bg-slate-200" />
              <div className="h-3 w-1/4 rounded bg-slate-200" />
            </div>
          </div>
          <div className="mt-4 flex flex-col gap-2">
            <div className="h-3 w-full rounded bg-slate-200" />
            <div className="h-3 w-5/6 rounded bg-slate-200" />
          </div>
        </Card>
      ))}
    </div>
  );
}
