import { BadgeCheck } from 'lucide-react';

import { cx } from '../../components/ui/class-names.ts';

/** The blue tick of a verified member, read out as 'Verified'. */
export function VerifiedTick({ className }: { className?: string }) {
  return (
    <>
      <BadgeCheck
        className={cx('inline size-4 shrink-0 align-[-2px] text-blue-700', className)}
        aria-hidden
      />
      <span className="sr-only"> (verified)</span>
    </>
  );
}
