import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';

import { Field, fieldControlProps, selectValue } from '../../../components/ui/field.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import type { PostOfferInput, PostOfferValues } from './post-offer-values.ts';

/** A required choice of the post-offer form (Sport, Contract Type). */
export function OfferSelectField<Name extends 'sport' | 'contractType'>({
  id,
  name,
  label,
  placeholder,
  options,
  control,
}: {
  id: string;
  name: Name;
  label: string;
  placeholder: string;
  options: readonly { value: NonNullable<PostOfferInput[Name]>; label: string }[];
  control: Control<PostOfferInput, unknown, PostOfferValues>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field id={id} label={label} error={fieldState.error?.message} required>
          <Select
            name={field.name}
            value={selectValue(field.value)}
            onValueChange={(value) => {
              const option = options.find((candidate) => candidate.value === value);
              if (option) field.onChange(option.value);
            }}
          >
            <SelectTrigger
              {...fieldControlProps(id, fieldState.error?.message)}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-required
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
    />
  );
}
