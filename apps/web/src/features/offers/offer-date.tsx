import { format, formatDistanceToNow } from 'date-fns';

/** 'about 2 hours ago', with the exact date for screen readers' `time` and on hover. */
export function OfferDate({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={format(date, 'PPpp')} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

/** 'Mar 4, 2025': the day something was posted or sent. */
export function formatDay(iso: string): string {
  return format(new Date(iso), 'PP');
}
