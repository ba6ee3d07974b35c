import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cx } from './class-names.ts';

/**
 * The browser's own `<select>`, dressed like the other fields. For screens that must load light
 * (the feed's composer): Radix Select brings its positioning and focus code, some 25 KB gzip,
 * which a native list does without — and phones show their own picker for it.
 */
export function NativeSelect({
  className,
  placeholder,
  children,
  ...props
}: ComponentProps<'select'> & { placeholder?: string }) {
  return (
    <div className="relative">
      <select
        className={cx(
          'h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-base text-slate-900 shadow-xs sm:text-sm',
          'focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/40',
          'aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:opacity-60',
          props.value === '' && 'text-slate-600',
          className,
        )}
        {...props}
      >
        {placeholder === undefined ? null : (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
        aria-hidden
      />
    </div>
  );
}
