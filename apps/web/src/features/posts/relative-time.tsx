import { formatDistanceToNow } from 'date-fns';

/*
 * The exact moment, as date-fns' 'PPpp' writes it ('Apr 29, 2025, 3:04:05 PM'), from the
 * browser's own Intl rather than date-fns' `format`, which would add its formatters to every
 * screen with a post on it.
 */
const exactMoment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** 'about 2 hours ago', with the exact moment for screen readers and on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exactMoment.format(date)} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
