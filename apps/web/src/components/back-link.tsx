import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

import { cx, focusRing } from './ui/class-names.ts';

/** The way back from a page about one item (or its form) to where it came from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className={cx(
        'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-blue-800 hover:underline',
        focusRing,
      )}
    >
      <ArrowLeft className="size-4" aria-hidden />
      {label}
    </Link>
  );
}
