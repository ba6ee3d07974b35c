import { MESSAGES } from '@arena/shared/messages';
import type { EnrolFactorResponse } from '@arena/shared/mfa.schema';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import {
  useEnrolFactorMutation,
  useProveFactorMutation,
  useRemoveFactorMutation,
} from '../auth/mfa-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { OneTimeCodeForm } from '../auth/one-time-code-form.tsx';
import { enrolmentErrorMessage } from './enrolment-errors.ts';
import { FactorNameField } from './factor-name-field.tsx';

/** 'ABCD EFGH …': easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Adding an authenticator app: a name, then the QR code (and the key, for typing in), then a code
 * from the app to prove it works. Closing half way removes the half-made factor.
 */
export function EnrolTotpDialog({
  open,
  onOpenChange,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnrolled: (recoveryCodes: string[] | null) => void;
}) {
  const [name, setName] = useState('Authenticator app');
  const [pending, setPending] = useState<EnrolFactorResponse | null>(null);
  const enrol = useEnrolFactorMutation();
  const prove = useProveFactorMutation();
  const remove = useRemoveFactorMutation();

  function close() {
    if (pending) remove.mutate(pending.factor.id);
    setPending(null);
    onOpenChange(false);
  }

  async function start(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      setPending(await enrol.mutateAsync({ factorType: 'totp', friendlyName: name }));
    } catch (error) {
      toast.error(enrolmentErrorMessage(error));
    }
  }

  async function confirm(code: string) {
    if (!pending) return;
    try {
      const result = await prove.mutateAsync({ factor: pending.factor, code });
      setPending(null);
      onOpenChange(false);
      toast.success(MESSAGES.mfa.enrolled);
      onEnrolled(result.recoveryCodes);
    } catch (error) {
      toast.error(enrolmentErrorMessage(error));
    }
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Key copied');
    } catch {
      toast.error('Could not copy the key. Select it and copy it by hand.');
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Add an authenticator app"
        description={
          pending
            ? 'Scan the QR code with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the code it shows.'
            : 'Give the app a name you will recognise.'
        }
      >
        {pending?.totp ? (
          <div className="grid gap-4">
            <img
              src={pending.totp.qrCode}
              alt="QR code to scan with your authenticator app"
              width={200}
              height={200}
              className="mx-auto size-50 rounded-lg border border-slate-200"
            />
            <div className="grid gap-1.5">
              <p className="text-sm text-slate-700">Can’t scan it? Enter this key instead:</p>
              <div className="flex items-center gap-2">
                <code
                  aria-label="Secret key"
                  className="flex-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
                >
                  {grouped(pending.totp.secret)}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Copy key"
                  onClick={() => void copySecret(pending.totp?.secret ?? '')}
                >
                  <Copy className="size-4" aria-hidden />
                </Button>
              </div>
            </div>
            <OneTimeCodeForm
              id="totp-enrol-code"
              label="Code from your app"
              submitLabel="Turn on"
              busy={prove.isPending}
              onSubmit={(code) => void confirm(code)}
            />
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void start(event)} className="grid gap-4">
            <FactorNameField id="totp-enrol-name" value={name} onChange={setName} />
            <Button type="submit" disabled={enrol.isPending}>
              {enrol.isPending ? 'Preparing...' : 'Continue'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
