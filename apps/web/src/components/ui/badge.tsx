import type { ComponentProps } from 'react';

import { cx } from './class-names.ts';

const variants = {
  /** Solid: a settled state (approved, reviewed). */
  default: 'bg-blue-700 text-white',
  /** Quiet: a waiting state, a category. */
  secondary: 'bg-slate-100 text-slate-800',
  outline: 'border border-slate-300 bg-white text-slate-800',
  destructive: 'bg-red-700 text-white',
  success: 'bg-green-700 text-white',
} as const;

export type BadgeVariant = keyof typeof variants;

/** A small rounded label: a status, a sport, a count. */
export function Badge({
  variant = 'default',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cx(
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
