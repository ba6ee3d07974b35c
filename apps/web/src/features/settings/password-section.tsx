import { passwordChangeSchema } from '@arena/shared/account.schema';
import type { PasswordChangeInput } from '@arena/shared/account.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

import { useChangePasswordMutation } from '../auth/account-queries.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { accountErrorMessage, showFieldErrors } from '../auth/account-errors.ts';
import { SettingsSection } from './settings-section.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Settings → Password: the current password, then the new one twice. */
export function PasswordSection() {
  const user = useCurrentUser();
  const change = useChangePasswordMutation();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  async function onValid(values: PasswordChangeInput) {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast.success(MESSAGES.account.passwordChanged);
    } catch (error) {
      if (!showFieldErrors(error, form.setError, FIELDS)) toast.error(accountErrorMessage(error));
    }
  }

  const busy = change.isPending;
  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs you out on every other device."
    >
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user?.user.email ?? ''}
          readOnly
          hidden
        />
        <InputField
          id="current-password"
          label="Current password"
          error={errors.currentPassword?.message}
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
        <InputField
          id="new-password"
          label="New password"
          error={errors.newPassword?.message}
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...form.register('newPassword')}
        />
        <InputField
          id="confirm-new-password"
          label="Confirm new password"
          error={errors.confirmPassword?.message}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
