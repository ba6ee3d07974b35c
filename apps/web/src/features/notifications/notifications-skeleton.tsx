/** The list's shape while its first page loads: faces, a line and a time per entry. */
export function NotificationsSkeleton() {
  return (
    <div role="status" aria-label="Loading notifications..." className="flex flex-col gap-2">
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          aria-hidden
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-4/5 animate-pulse rounded bg-slate-200" />
            <span className="h-3 w-1/4 animate-pulse rounded bg-slate-200" />
          </span>
        </div>
      ))}
    </div>
  );
}
