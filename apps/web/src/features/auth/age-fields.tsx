import { MINIMUM_AGE } from '@arena/shared/age';
import type { UserType } from '@arena/shared/constants';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path, UseFormRegister } from 'react-hook-form';

import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { TextField } from './form-field.tsx';

interface AgeValues {
  userType?: UserType | undefined;
  birthdate?: string | undefined;
  adultConfirmed?: boolean | undefined;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Sign-up's age question (issue 25): a player gives their birthdate (the policy's minimum age is
 * 13), someone signing up an organisation confirms they are 18 or over. Nothing shows until a
 * role is chosen. The server checks the same rules.
 */
export function AgeFields<T extends FieldValues & AgeValues, TOut>({
  idPrefix,
  userType,
  control,
  register,
  invalid,
}: {
  idPrefix: string;
  userType: UserType | undefined;
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  invalid: { birthdate: boolean; adultConfirmed: boolean };
}) {
  if (userType === undefined) return null;
  if (userType === 'player') {
    const hintId = `${idPrefix}-birthdate-hint`;
    return (
      <div className="grid gap-1">
        <TextField
          id={`${idPrefix}-birthdate`}
          label="Birthdate"
          type="date"
          autoComplete="bday"
          max={today()}
          aria-describedby={hintId}
          invalid={invalid.birthdate}
          {...register('birthdate' as Path<T>, {
            setValueAs: (value: unknown) => (value === '' ? undefined : value),
          })}
        />
        <p id={hintId} className="text-sm text-slate-600">
          You must be {MINIMUM_AGE} or over. Only you see the date; others see your age.
        </p>
      </div>
    );
  }
  const id = `${idPrefix}-adult`;
  return (
    <Controller
      control={control}
      name={'adultConfirmed' as Path<T>}
      render={({ field }) => (
        <div className="flex items-start gap-2.5">
          <Checkbox
            id={id}
            name={field.name}
            ref={field.ref}
            className="mt-0.5"
            aria-invalid={invalid.adultConfirmed || undefined}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
          <Label htmlFor={id} className="cursor-pointer leading-snug">
            I confirm that I am 18 or over
          </Label>
        </div>
      )}
    />
  );
}
