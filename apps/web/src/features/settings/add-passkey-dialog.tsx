import { MESSAGES } from '@arena/shared/messages';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import {
  useEnrolFactorMutation,
  useProveFactorMutation,
  useRemoveFactorMutation,
} from '../auth/mfa-queries.ts';
import { passkeyErrorMessage } from '../auth/webauthn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FactorNameField } from './factor-name-field.tsx';

/**
 * Adding a passkey: a name, then the browser's own dialog. The passkey is both a second factor
 * and a way to sign in without a password.
 */
export function AddPasskeyDialog({
  open,
  onOpenChange,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnrolled: (recoveryCodes: string[] | null) => void;
}) {
  const [name, setName] = useState('Passkey');
  const enrol = useEnrolFactorMutation();
  const prove = useProveFactorMutation();
  const remove = useRemoveFactorMutation();

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    let factorId: string | null = null;
    try {
      const { factor } = await enrol.mutateAsync({ factorType: 'webauthn', friendlyName: name });
      factorId = factor.id;
      const result = await prove.mutateAsync({ factor });
      onOpenChange(false);
      toast.success(MESSAGES.mfa.passkeyAdded);
      onEnrolled(result.recoveryCodes);
    } catch (error) {
      // A passkey that was not created leaves no half-made factor behind.
      if (factorId) remove.mutate(factorId);
      toast.error(passkeyErrorMessage(error));
    }
  }

  const busy = enrol.isPending || prove.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add a passkey"
        description="Use your device’s fingerprint, face or screen lock to sign in, with no password and no code."
      >
        <form noValidate onSubmit={(event) => void create(event)} className="grid gap-4">
          <FactorNameField id="passkey-name" value={name} onChange={setName} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Waiting for your passkey...' : 'Create passkey'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
