import { LoaderCircle } from 'lucide-react';

import { cx } from './class-names.ts';

/** A spinning indicator; `label` is what screen readers hear (and what shows when visible). */
export function Spinner({
  label = 'Loading...',
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2 text-slate-700', className)}>
      <LoaderCircle className="size-5 animate-spin text-blue-700" aria-hidden />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}
