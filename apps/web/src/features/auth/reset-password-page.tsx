import { passwordResetSchema } from '@arena/shared/account.schema';
import type { PasswordResetInput } from '@arena/shared/account.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useResetPasswordMutation } from './account-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorNotice, InputField } from '../../components/ui/field.tsx';
import { accountErrorMessage, isLinkRefusal, showFieldErrors } from './account-errors.ts';
import { AuthCardLayout, authLinkClass } from './auth-card-layout.tsx';
import { RememberMeField } from './remember-me-field.tsx';

/** /auth/reset-password?token=…: the page the reset mail links to. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [refusal, setRefusal] = useState<string | null>(
    token ? null : MESSAGES.account.resetLinkInvalid,
  );

  return (
    <AuthCardLayout
      title="Choose a new password"
      description="Every other session will be signed out."
    >
      {refusal ? (
        <div className="grid gap-4">
          <ErrorNotice>{refusal}</ErrorNotice>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/forgot-password">Request a new link</Link>
          </Button>
        </div>
      ) : (
        <ResetPasswordForm token={token} onRefused={setRefusal} />
      )}
    </AuthCardLayout>
  );
}

function ResetPasswordForm({
  token,
  onRefused,
}: {
  token: string;
  onRefused: (message: string) => void;
}) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, password: '', confirmPassword: '', remember: true },
  });
  const { errors } = form.formState;

  async function onValid(values: PasswordResetInput) {
    try {
      await reset.mutateAsync(values);
      toast.success(MESSAGES.account.passwordReset);
      await navigate('/feed', { replace: true });
    } catch (error) {
      if (isLinkRefusal(error)) {
        onRefused(error.message);
        return;
      }
      if (!showFieldErrors(error, form.setError, ['password', 'confirmPassword'])) {
        toast.error(accountErrorMessage(error));
      }
    }
  }

  const busy = reset.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4">
      <InputField
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        {...form.register('password')}
      />
      <InputField
        id="reset-confirm-password"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
      />
      <RememberMeField id="reset-remember" control={form.control} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
      <p className="text-center text-sm text-slate-700">
        <Link to="/auth" className={authLinkClass}>
          Back to Login
        </Link>
      </p>
    </form>
  );
}
