import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';

/** 'Remember me', ticked by default: keeps the session after the browser closes. */
export function RememberMeField<T extends FieldValues & { remember?: boolean }, TOut>({
  id,
  control,
}: {
  id: string;
  control: Control<T, unknown, TOut>;
}) {
  return (
    <Controller
      control={control}
      name={'remember' as Path<T>}
      render={({ field }) => (
        <div className="flex items-center gap-2.5">
          <Checkbox
            id={id}
            name={field.name}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
          <Label htmlFor={id} className="cursor-pointer">
            Remember me
          </Label>
        </div>
      )}
    />
  );
}
