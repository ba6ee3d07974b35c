import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cx, focusRing } from './class-names.ts';

const variants = {
  primary: 'bg-blue-700 text-white shadow-sm hover:bg-blue-800 active:bg-blue-900',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-blue-700 bg-white text-blue-700 hover:bg-blue-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse: 'bg-white text-blue-800 shadow-sm hover:bg-blue-50',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Renders the child (a link, say) with the button's looks instead of a <button>. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      // A <button> defaults to submitting its form; only say so when asked.
      type={asChild ? undefined : (type ?? 'button')}
      className={cx(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors',
        'disabled:pointer-events-none disabled:opacity-60',
        focusRing,
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
