import { BadgeCheck } from 'lucide-react';

import { cx } from '../../components/ui/class-names.ts';

/** The blue tick of a verified member, read out as '(verified)'. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <>
      <BadgeCheck className={cx('size-4 shrink-0 text-blue-700', className)} aria-hidden />
      <span className="sr-only"> (verified)</span>
    </>
  );
}
