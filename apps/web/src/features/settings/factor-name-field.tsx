import { Input } from '../../components/ui/input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { MFA_LIMITS } from '@arena/shared/limits';

/** The name a member gives a second factor, to tell it from their others. */
export function FactorNameField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label="Name" required>
      <Input
        id={id}
        value={value}
        required
        maxLength={MFA_LIMITS.friendlyNameMax}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
