import { useUnreadMessagesCount } from './messages-live.ts';
import { cx } from '../../components/ui/class-names.ts';

/**
 * The number of unread messages on the Messages link, live. Place it inside the link (which must
 * be `relative`), after its label: the link then reads 'Messages (3 unread)'.
 */
export function UnreadMessagesBadge({ className }: { className?: string }) {
  const count = useUnreadMessagesCount();
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden
        className={cx(
          'absolute grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-700 px-1 text-[0.625rem] leading-none font-bold text-white ring-2 ring-white',
          className,
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({count} unread)</span>
    </>
  );
}
