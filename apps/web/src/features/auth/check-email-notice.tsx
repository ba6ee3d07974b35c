import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';

import { useResendConfirmationMutation } from './account-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { accountErrorMessage } from './account-errors.ts';

/**
 * After a sign-up that must be confirmed: where the link went, and a way to send it again.
 * Focus moves to the heading, so keyboard and screen-reader users land on the news.
 */
export function CheckEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useResendConfirmationMutation();
  useEffect(() => heading.current?.focus(), []);

  async function sendAgain() {
    try {
      const { message } = await resend.mutateAsync({ email });
      toast.success(message);
    } catch (error) {
      toast.error(accountErrorMessage(error));
    }
  }

  return (
    <section aria-labelledby="check-email-heading" className="grid gap-4 text-center">
      <MailCheck className="mx-auto size-10 text-blue-700" aria-hidden />
      <h2
        id="check-email-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 outline-none"
      >
        Check your email
      </h2>
      <p className="text-slate-700">
        We sent a confirmation link to <strong className="break-all">{email}</strong>. Open it to
        finish creating your account. The link works once and expires in 24 hours.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => void sendAgain()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend the link'}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    </section>
  );
}
