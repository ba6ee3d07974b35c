import { formatDistanceToNow } from 'date-fns';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The exact moment in the reader's time zone, as date-fns' 'PPpp' writes it ('Apr 29, 2025,
 * 3:04:05 PM'). Neither date-fns' `format` (its formatters on every screen with a post) nor
 * Intl.DateTimeFormat (the browser loads its locale data at the first one made, a long task
 * while the first feed renders).
 */
export function exactMoment(date: Date): string {
  const hours = date.getHours();
  const time = `${hours % 12 || 12}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'about 2 hours ago', with the exact moment for screen readers and on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exactMoment(date)} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
