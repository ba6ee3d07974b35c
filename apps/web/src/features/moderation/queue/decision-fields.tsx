import { MESSAGES } from '@arena/shared/messages';

import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** The reason of a decision or of an appeal's answer: the member is told it. */
export function ReasonField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <Field id={id} label="Reason (the member is told)" error={error} required>
      <Textarea
        {...fieldControlProps(id, error)}
        required
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
    </Field>
  );
}

/** Why the server refused a decision, under the form. */
export function DecisionRefused({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="text-sm text-red-700">
      {error.message || MESSAGES.internal}
    </p>
  ) : null;
}
