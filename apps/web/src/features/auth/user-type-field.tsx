import type { SignUpInput } from '@arena/shared/auth.schema';
import { USER_TYPE_LABELS, USER_TYPES } from '@arena/shared/constants';
import type { UserType } from '@arena/shared/constants';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';

import type { SignUpValues } from '../../api/session-manager.ts';
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

/** 'I am a' Player, Agent, Coach or Club. */
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
        <div className="grid gap-1.5">
          <Label htmlFor={id}>I am a</Label>
          <Select
            name={field.name}
            value={field.value}
            onValueChange={(value) => {
              if (isUserType(value)) field.onChange(value);
            }}
          >
            <SelectTrigger
              id={id}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-invalid={fieldState.invalid || undefined}
            >
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
      )}
    />
  );
}
