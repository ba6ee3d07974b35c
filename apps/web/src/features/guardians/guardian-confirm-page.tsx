import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ErrorNotice } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AuthCardLayout } from '../auth/auth-card-layout.tsx';
import { useConfirmGuardianMutation } from './guardian-queries.ts';

/**
 * /guardian/confirm?token=…: the page the guardian's mail links to. The guardian has no account:
 * the link alone confirms them, and the page says whose guardian they now are.
 */
export function GuardianConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmGuardianMutation();
  const [outcome, setOutcome] = useState<
    { ok: true; athleteName: string } | { ok: false; message: string } | null
  >(token ? null : { ok: false, message: MESSAGES.minors.guardianLinkInvalid });
  // Sent once, whatever re-runs the effect.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutateAsync(token).then(
      (result) => setOutcome({ ok: true, athleteName: result.athleteName }),
      (error: unknown) =>
        setOutcome({
          ok: false,
          message: error instanceof Error ? error.message : MESSAGES.minors.guardianLinkInvalid,
        }),
    );
  }, [token, confirm]);

  return (
    <AuthCardLayout title="Confirm you are the guardian">
      {outcome === null ? (
        <div className="flex justify-center py-4">
          <Spinner label="Confirming..." showLabel />
        </div>
      ) : outcome.ok ? (
        <div role="status" className="grid gap-3 text-slate-800">
          <p className="font-medium">{MESSAGES.minors.guardianConfirmed}</p>
          <p>
            You are now the confirmed guardian of {outcome.athleteName} on Arena. They can remove
            you in their settings at any time.
          </p>
        </div>
      ) : (
        <ErrorNotice>{outcome.message}</ErrorNotice>
      )}
    </AuthCardLayout>
  );
}
