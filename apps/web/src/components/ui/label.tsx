import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cx } from './class-names.ts';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cx('text-sm font-medium text-slate-800 select-none', className)}
      {...props}
    />
  );
}
