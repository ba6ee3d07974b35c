import { codeSchema, recoveryCodeSignInSchema } from '@arena/shared/mfa.schema';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { TextField } from './form-field.tsx';

const SCHEMAS = { code: codeSchema, recovery: recoveryCodeSignInSchema.shape.code };

/**
 * One field for a one-time code: six digits from an app or a text ('code'), or a recovery code.
 * A code that cannot be right is refused here with the server's own message.
 */
export function OneTimeCodeForm({
  id,
  label,
  kind = 'code',
  submitLabel = 'Verify',
  busy,
  onSubmit,
}: {
  id: string;
  label: string;
  kind?: keyof typeof SCHEMAS;
  submitLabel?: string;
  busy: boolean;
  onSubmit: (code: string) => void;
}) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SCHEMAS[kind].safeParse(value);
    if (!parsed.success) {
      setInvalid(true);
      toast.error(parsed.error.issues[0]?.message ?? 'Enter the code');
      return;
    }
    setInvalid(false);
    onSubmit(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        invalid={invalid}
        autoComplete={kind === 'code' ? 'one-time-code' : 'off'}
        {...(kind === 'code'
          ? { inputMode: 'numeric' as const, maxLength: 6, placeholder: '123456' }
          : { maxLength: 64, placeholder: 'xxxxx-xxxxx', spellCheck: false })}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Verifying...' : submitLabel}
      </Button>
    </form>
  );
}
