/** Grey lines where a sidebar card's content will be, announced as loading. */
export function SidebarSkeleton({
  label,
  lines = 3,
  avatars = false,
}: {
  label: string;
  lines?: number;
  avatars?: boolean;
}) {
  return (
    <div role="status" className="mt-3 flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} aria-hidden className="flex animate-pulse items-center gap-3">
          {avatars ? <div className="size-10 shrink-0 rounded-full bg-slate-200" /> : null}
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3 w-2/3 rounded bg-slate-200" />
            {avatars ? <div className="h-3 w-1/3 rounded bg-slate-200" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
