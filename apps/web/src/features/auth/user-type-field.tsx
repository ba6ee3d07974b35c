import type { SignUpInput } from '@arena/shared/auth.schema';
import { USER_TYPE_LABELS, USER_TYPES } from '@arena/shared/constants';
import type { UserType } from '@arena/shared/constants';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { Ref } from 'react';

import type { SignUpValues } from '../../lib/session/session-state.ts';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';

function isUserType(value: string): value is UserType {
  return (USER_TYPES as readonly string[]).includes(value);
}

/** 'I am a' Player, Agent, Coach or Club, for any form (bind it with a Controller). */
export function UserTypeSelect({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  ref,
}: {
  id: string;
  name: string;
  value: UserType | undefined;
  onChange: (value: UserType) => void;
  onBlur: () => void;
  invalid: boolean;
  ref: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>I am a</Label>
      <Select
        name={name}
        value={value}
        onValueChange={(next) => {
          if (isUserType(next)) onChange(next);
        }}
      >
        <SelectTrigger id={id} ref={ref} onBlur={onBlur} aria-invalid={invalid || undefined}>
          <SelectValue placeholder="Select your role" />
        </SelectTrigger>
        <SelectContent>
          {USER_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {USER_TYPE_LABELS[type]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** 'I am a' on the Sign Up form. */
export function UserTypeField({
  id,
  control,
}: {
  id: string;
  control: Control<SignUpInput, unknown, SignUpValues>;
}) {
  return (
    <Controller
      control={control}
      name="userType"
      render={({ field, fieldState }) => (
        <UserTypeSelect
          id={id}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalid={fieldState.invalid}
          ref={field.ref}
        />
      )}
    />
  );
}
