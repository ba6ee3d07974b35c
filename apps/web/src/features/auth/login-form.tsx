import { signInSchema } from '@arena/shared/auth.schema';
import type { SignInInput } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { useSignInMutation } from '../../lib/session/session-queries.ts';
import type { SignInValues } from '../../lib/session/session-state.ts';
import { Button } from '../../components/ui/button.tsx';
import { isEmailNotConfirmed } from './account-errors.ts';
import { authLinkClass } from './auth-card-layout.tsx';
import { firstErrorMessage, signInErrorMessage } from './auth-errors.ts';
import { TextField } from './form-field.tsx';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { RememberMeField } from './remember-me-field.tsx';
import { UnconfirmedEmailNotice } from './unconfirmed-email-notice.tsx';
import { useAfterSignInPath } from './after-sign-in.ts';

const FIELD_ORDER = ['email', 'password', 'remember'] as const;

export function LoginForm() {
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  const signIn = useSignInMutation();
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', remember: true },
  });
  const { errors } = form.formState;
  /** The email of an account that must be confirmed before it can sign in. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  async function onValid(values: SignInValues) {
    setUnconfirmed(null);
    try {
      const session = await signIn.mutateAsync(values);
      // Two-factor: the page turns to the second step; the sign-in is not over yet.
      if (session.mfaRequired) return;
      toast.success(MESSAGES.auth.signedIn);
      await navigate(next, { replace: true });
    } catch (error) {
      if (isEmailNotConfirmed(error)) setUnconfirmed(values.email);
      else toast.error(signInErrorMessage(error));
    }
  }

  function onInvalid(invalid: FieldErrors<SignInInput>) {
    const message = firstErrorMessage(invalid, FIELD_ORDER);
    if (message) toast.error(message);
  }

  const busy = signIn.isPending;
  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          {...form.register('password')}
        />
        <div className="-mt-2 flex justify-end text-sm">
          <Link to="/auth/forgot-password" className={authLinkClass}>
            Forgot password?
          </Link>
        </div>
        <RememberMeField id="login-remember" control={form.control} />
        <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
          {busy ? 'Logging in...' : 'Login'}
        </Button>
        {unconfirmed ? <UnconfirmedEmailNotice email={unconfirmed} /> : null}
      </form>
      <PasskeySignInButton remember={form.watch('remember') ?? true} />
    </div>
  );
}
