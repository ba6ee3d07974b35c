import { signUpSchema } from '@arena/shared/auth.schema';
import type { SignUpInput } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { useSignUpMutation } from '../../lib/session/session-queries.ts';
import type { SignUpValues } from '../../lib/session/session-state.ts';
import { Button } from '../../components/ui/button.tsx';
import { firstErrorMessage, signUpErrorMessage } from './auth-errors.ts';
import { CheckEmailNotice } from './check-email-notice.tsx';
import { TextField } from './form-field.tsx';
import { RememberMeField } from './remember-me-field.tsx';
import { AgeFields } from './age-fields.tsx';
import { UserTypeField } from './user-type-field.tsx';
import { useAfterSignInPath } from './after-sign-in.ts';

const FIELD_ORDER = [
  'fullName',
  'username',
  'email',
  'password',
  'userType',
  'birthdate',
  'adultConfirmed',
  'remember',
] as const;

/** `onLogin` shows the Login tab (after a sign-up that must be confirmed by email). */
export function SignUpForm({ onLogin }: { onLogin?: () => void } = {}) {
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  /** REQUIRE_EMAIL_CONFIRMATION: the address the confirmation link went to. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const signUp = useSignUpMutation();
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      password: '',
      // No role is chosen for the member: 'Please select your role' until they pick one.
      userType: undefined,
      adultConfirmed: false,
      remember: true,
    },
  });
  const userType = form.watch('userType');
  const { errors } = form.formState;

  async function onValid(values: SignUpValues) {
    try {
      const result = await signUp.mutateAsync(values);
      if ('confirmationRequired' in result) {
        setPendingEmail(result.email);
        return;
      }
      toast.success(MESSAGES.auth.signedUp);
      await navigate(next, { replace: true });
    } catch (error) {
      toast.error(signUpErrorMessage(error));
    }
  }

  function onInvalid(invalid: FieldErrors<SignUpInput>) {
    const message = firstErrorMessage(invalid, FIELD_ORDER);
    if (message) toast.error(message);
  }

  if (pendingEmail) {
    return (
      <CheckEmailNotice
        email={pendingEmail}
        onBack={() => {
          setPendingEmail(null);
          onLogin?.();
        }}
      />
    );
  }

  const busy = signUp.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
      <TextField
        id="signup-full-name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jordan Miles"
        invalid={Boolean(errors.fullName)}
        {...form.register('fullName')}
      />
      <TextField
        id="signup-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="jordan_23"
        invalid={Boolean(errors.username)}
        {...form.register('username')}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        invalid={Boolean(errors.email)}
        {...form.register('email')}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        invalid={Boolean(errors.password)}
        {...form.register('password')}
      />
      <UserTypeField id="signup-user-type" control={form.control} />
      <AgeFields
        idPrefix="signup"
        userType={userType}
        control={form.control}
        register={form.register}
        invalid={{
          birthdate: Boolean(errors.birthdate),
          adultConfirmed: Boolean(errors.adultConfirmed),
        }}
      />
      <RememberMeField id="signup-remember" control={form.control} />
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
