import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useConfirmEmailMutation } from './account-queries.ts';
import { useAuth } from '../../lib/session/session-context.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorNotice } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { accountErrorMessage } from './account-errors.ts';
import { AuthCardLayout } from './auth-card-layout.tsx';

/**
 * /auth/confirm?token=…: the page the confirmation mail links to. It uses the link once, which
 * signs the account in, and goes to the site root.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const auth = useAuth();
  const navigate = useNavigate();
  const confirm = useConfirmEmailMutation();
  const [refusal, setRefusal] = useState<string | null>(
    token ? null : MESSAGES.account.confirmLinkInvalid,
  );
  // The link works once: never sent twice, whatever re-runs the effect.
  const sent = useRef(false);

  useEffect(() => {
    // After the start-up session check, so that a late answer to it cannot replace this session.
    if (!token || sent.current || auth.status === 'loading') return;
    sent.current = true;
    confirm.mutateAsync(token).then(
      async () => {
        toast.success(MESSAGES.account.emailConfirmed);
        await navigate('/', { replace: true });
      },
      (error: unknown) => setRefusal(accountErrorMessage(error)),
    );
  }, [token, auth.status, confirm, navigate]);

  return (
    <AuthCardLayout title="Confirm your email">
      {refusal ? (
        <div className="grid gap-4">
          <ErrorNotice>{refusal}</ErrorNotice>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth">Go to Login</Link>
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-4">
          <Spinner label="Confirming your email..." showLabel />
        </div>
      )}
    </AuthCardLayout>
  );
}
