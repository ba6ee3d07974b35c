import { plural } from '@arena/shared/plural';
import { MESSAGES } from '@arena/shared/messages';
import { KeyRound, MessageSquareText, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { useFactorsQuery, useRenewRecoveryCodesMutation } from '../auth/mfa-queries.ts';
import { passkeysSupported } from '../auth/webauthn.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/dialog.tsx';
import { ErrorNotice } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { EnrolPhoneDialog } from './enrol-phone-dialog.tsx';
import { EnrolTotpDialog } from './enrol-totp-dialog.tsx';
import { enrolmentErrorMessage } from './enrolment-errors.ts';
import { FactorRow } from './factor-row.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { SettingsSection } from './settings-section.tsx';

type Adding = 'totp' | 'phone' | 'webauthn' | null;

/**
 * Two-factor authentication in /settings: the member's second factors (authenticator apps,
 * passkeys, phones), adding and removing them, and their recovery codes.
 */
export function TwoFactorSection({ ready = true }: { ready?: boolean }) {
  const factors = useFactorsQuery({ enabled: ready });
  const [adding, setAdding] = useState<Adding>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const dialog = (kind: Exclude<Adding, null>) => ({
    open: adding === kind,
    onOpenChange: (open: boolean) => setAdding(open ? kind : null),
    onEnrolled: (recoveryCodes: string[] | null) => setCodes(recoveryCodes),
  });

  const list = factors.data?.factors ?? [];
  const verified = list.filter((factor) => factor.status === 'verified');
  return (
    <SettingsSection
      title="Two-factor authentication"
      description="Ask for a second proof that it’s you, after your password: a code from an app or a text, or a passkey."
    >
      {factors.isPending ? (
        <Spinner label="Loading your two-factor methods..." />
      ) : factors.isError ? (
        <div className="grid gap-3">
          <ErrorNotice>{MESSAGES.mfa.loadFailed}</ErrorNotice>
          <Button variant="secondary" onClick={() => void factors.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-5">
          <p className="text-sm font-medium text-slate-900" role="status">
            {verified.length > 0
              ? 'Two-factor authentication is on.'
              : 'Two-factor authentication is off. Add a method to turn it on.'}
          </p>
          {list.length > 0 ? (
            <ul aria-label="Your two-factor methods" className="divide-y divide-slate-200">
              {list.map((factor) => (
                <FactorRow key={factor.id} factor={factor} isLast={verified.length === 1} />
              ))}
            </ul>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button variant="secondary" onClick={() => setAdding('totp')}>
              <Smartphone className="size-4" aria-hidden />
              Add authenticator app
            </Button>
            {passkeysSupported() ? (
              <Button variant="secondary" onClick={() => setAdding('webauthn')}>
                <KeyRound className="size-4" aria-hidden />
                Add passkey
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setAdding('phone')}>
              <MessageSquareText className="size-4" aria-hidden />
              Add phone number
            </Button>
          </div>
          {verified.length > 0 ? (
            <RecoveryCodesRow remaining={factors.data.recoveryCodesRemaining} onCodes={setCodes} />
          ) : null}
        </div>
      )}
      <EnrolTotpDialog {...dialog('totp')} />
      <EnrolPhoneDialog {...dialog('phone')} />
      <AddPasskeyDialog {...dialog('webauthn')} />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </SettingsSection>
  );
}

function RecoveryCodesRow({
  remaining,
  onCodes,
}: {
  remaining: number;
  onCodes: (codes: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const renew = useRenewRecoveryCodesMutation();

  function confirm() {
    renew.mutate(undefined, {
      onSuccess: ({ codes }) => {
        setOpen(false);
        toast.success(MESSAGES.mfa.recoveryCodesRenewed);
        onCodes(codes);
      },
      onError: (error) => toast.error(enrolmentErrorMessage(error)),
    });
  }

  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-slate-900">Recovery codes</p>
        <p className="text-sm text-slate-700">{plural(remaining, 'unused code')} left.</p>
      </div>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm">
            Create new codes
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          title="Create new recovery codes?"
          description="Your current recovery codes stop working at once."
        >
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <Button disabled={renew.isPending} onClick={confirm}>
            {renew.isPending ? 'Creating...' : 'Create new codes'}
          </Button>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
