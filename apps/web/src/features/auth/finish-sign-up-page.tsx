import { oidcCompleteSignUpSchema } from '@arena/shared/identity.schema';
import { isSafeRedirectPath } from '@arena/shared/safe-redirect';
import type { OidcCompleteSignUpInput, OidcPendingSignUp } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import type { OidcCompleteSignUpValues } from '../../lib/session/session-state.ts';
import { firstErrorMessage, signUpErrorMessage } from './auth-errors.ts';
import { AgeFields } from './age-fields.tsx';
import { TextField } from './form-field.tsx';
import { useCompleteOidcSignUpMutation, usePendingOidcSignUpQuery } from './identity-queries.ts';
import { UserTypeSelect } from './user-type-field.tsx';

const FIELD_ORDER = ['fullName', 'username', 'userType', 'birthdate', 'adultConfirmed'] as const;

/**
 * /auth/finish: a person new to Arena came back from a provider; they choose a username, check
 * their name and say who they are, with sign-up's own rules, and are signed in.
 */
export function FinishSignUpPage() {
  const pending = usePendingOidcSignUpQuery();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <DocumentTitle title="Finish creating your account" />
      <header className="px-4 py-4 sm:px-8">
        <Link to="/" className={`inline-flex rounded-lg ${focusRing}`} aria-label="Arena home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center sm:px-8">
        <div className="w-full max-w-md">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Finish creating your account
          </h1>
          <Card className="mt-6">
            <CardContent>
              {pending.isPending ? (
                <Spinner label="Loading..." showLabel />
              ) : pending.isError ? (
                <Expired error={pending.error} />
              ) : (
                <FinishForm pending={pending.data} />
              )}
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}

function Expired({ error }: { error: Error }) {
  const message =
    error instanceof ApiRequestError && error.code !== 'internal'
      ? error.message
      : MESSAGES.identities.signUpExpired;
  return (
    <div className="grid gap-4">
      <p role="alert" className="text-slate-800">
        {message}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to="/auth">Back to sign in</Link>
      </Button>
    </div>
  );
}

function FinishForm({ pending }: { pending: OidcPendingSignUp }) {
  const navigate = useNavigate();
  const complete = useCompleteOidcSignUpMutation();
  const form = useForm<OidcCompleteSignUpInput, unknown, OidcCompleteSignUpValues>({
    resolver: zodResolver(oidcCompleteSignUpSchema),
    defaultValues: {
      fullName: pending.fullName,
      username: pending.username,
      // As on Sign Up: no role is chosen for the member.
      userType: undefined,
      adultConfirmed: false,
    },
  });
  const userType = form.watch('userType');
  const { errors } = form.formState;

  async function onValid(values: OidcCompleteSignUpValues) {
    try {
      await complete.mutateAsync({ values, remember: pending.remember });
      toast.success(MESSAGES.auth.signedUp);
      await navigate(isSafeRedirectPath(pending.redirectTo) ? pending.redirectTo : '/feed', {
        replace: true,
      });
    } catch (error) {
      toast.error(signUpErrorMessage(error));
    }
  }

  function onInvalid(invalid: FieldErrors<OidcCompleteSignUpInput>) {
    const message = firstErrorMessage(invalid, FIELD_ORDER);
    if (message) toast.error(message);
  }

  const busy = complete.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
      <p className="text-slate-700">
        You are signing up with {pending.providerLabel} as{' '}
        <span className="font-semibold text-slate-900">{pending.email}</span>.
      </p>
      <TextField
        id="finish-full-name"
        label="Full Name"
        autoComplete="name"
        invalid={Boolean(errors.fullName)}
        {...form.register('fullName')}
      />
      <TextField
        id="finish-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        invalid={Boolean(errors.username)}
        {...form.register('username')}
      />
      <Controller
        control={form.control}
        name="userType"
        render={({ field, fieldState }) => (
          <UserTypeSelect
            id="finish-user-type"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={fieldState.invalid}
            ref={field.ref}
          />
        )}
      />
      <AgeFields
        idPrefix="finish"
        userType={userType}
        control={form.control}
        register={form.register}
        invalid={{
          birthdate: Boolean(errors.birthdate),
          adultConfirmed: Boolean(errors.adultConfirmed),
        }}
      />
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
