import { emailRequestSchema } from '@arena/shared/account.schema';
import type { EmailRequestInput } from '@arena/shared/account.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { useRequestPasswordResetMutation } from './account-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { accountErrorMessage } from './account-errors.ts';
import { AuthCardLayout, authLinkClass } from './auth-card-layout.tsx';

/** /auth/forgot-password: asks for the email, and answers the same whether it is registered. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordResetMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  async function onValid(values: EmailRequestInput) {
    try {
      const { message } = await request.mutateAsync(values);
      setSent(message);
    } catch (failure) {
      toast.error(accountErrorMessage(failure));
    }
  }

  return (
    <AuthCardLayout
      title="Forgot password?"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <SentNotice message={sent} />
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4">
          <InputField
            id="forgot-email"
            label="Email"
            error={error}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register('email')}
          />
          <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm text-slate-700">
            Remembered it?{' '}
            <Link to="/auth" className={authLinkClass}>
              Back to Login
            </Link>
          </p>
        </form>
      )}
    </AuthCardLayout>
  );
}

function SentNotice({ message }: { message: string }) {
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  return (
    <div className="grid gap-4 text-center">
      <MailCheck className="mx-auto size-10 text-blue-700" aria-hidden />
      <p ref={text} tabIndex={-1} role="status" className="text-slate-800 outline-none">
        {message}
      </p>
      <p className="text-sm text-slate-700">The link works once and expires in 1 hour.</p>
      <Link to="/auth" className={authLinkClass}>
        Back to Login
      </Link>
    </div>
  );
}
