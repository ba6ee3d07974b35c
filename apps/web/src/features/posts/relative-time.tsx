import { format, formatDistanceToNow } from 'date-fns';

/** 'about 2 hours ago', with the exact moment for screen readers and on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={format(date, 'PPpp')} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
