import { MESSAGES } from '@arena/shared/messages';
import { toast } from 'sonner';

import { useResendConfirmationMutation } from './account-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { accountErrorMessage } from './account-errors.ts';

/** Sign-in refused until the email is confirmed: why, and a way to get a new link. */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  const resend = useResendConfirmationMutation();

  async function sendAgain() {
    try {
      const { message } = await resend.mutateAsync({ email });
      toast.success(message);
    } catch (error) {
      toast.error(accountErrorMessage(error));
    }
  }

  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">{MESSAGES.account.emailNotConfirmed}</p>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void sendAgain()}
        disabled={resend.isPending}
      >
        {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}
