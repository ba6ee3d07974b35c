import type { ComponentProps } from 'react';

import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

/** A visible label bound to its input. Errors are announced by toast, so none show inline. */
export function TextField({
  id,
  label,
  invalid,
  ...props
}: ComponentProps<'input'> & { id: string; label: string; invalid?: boolean }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} {...props} />
    </div>
  );
}
