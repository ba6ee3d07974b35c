import { MESSAGES } from '@arena/shared/messages';
import type { ChallengeResponse, EnrolFactorResponse } from '@arena/shared/mfa.schema';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import {
  useEnrolFactorMutation,
  useRemoveFactorMutation,
  useSendCodeMutation,
  useVerifyTextedCodeMutation,
} from '../auth/mfa-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { OneTimeCodeForm } from '../auth/one-time-code-form.tsx';
import { enrolmentErrorMessage } from './enrolment-errors.ts';
import { FactorNameField } from './factor-name-field.tsx';

interface Pending {
  enrolled: EnrolFactorResponse;
  challenge: ChallengeResponse;
}

/** Adding a phone: a name and a number, then the code texted to it. */
export function EnrolPhoneDialog({
  open,
  onOpenChange,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnrolled: (recoveryCodes: string[] | null) => void;
}) {
  const [name, setName] = useState('Mobile phone');
  const [phone, setPhone] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const enrol = useEnrolFactorMutation();
  const send = useSendCodeMutation();
  const check = useVerifyTextedCodeMutation();
  const remove = useRemoveFactorMutation();

  function close() {
    if (pending) remove.mutate(pending.enrolled.factor.id);
    setPending(null);
    onOpenChange(false);
  }

  async function start(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const enrolled = await enrol.mutateAsync({ factorType: 'phone', friendlyName: name, phone });
      const challenge = await send.mutateAsync(enrolled.factor.id);
      setPending({ enrolled, challenge });
    } catch (error) {
      toast.error(enrolmentErrorMessage(error));
    }
  }

  async function resend() {
    if (!pending) return;
    try {
      setPending({ ...pending, challenge: await send.mutateAsync(pending.enrolled.factor.id) });
      toast.success('A new code is on its way.');
    } catch (error) {
      toast.error(enrolmentErrorMessage(error));
    }
  }

  async function confirm(code: string) {
    if (!pending) return;
    try {
      const result = await check.mutateAsync({
        factorId: pending.enrolled.factor.id,
        challengeId: pending.challenge.id,
        code,
      });
      setPending(null);
      onOpenChange(false);
      toast.success(MESSAGES.mfa.enrolled);
      onEnrolled(result.recoveryCodes);
    } catch (error) {
      toast.error(enrolmentErrorMessage(error));
    }
  }

  const busy = enrol.isPending || send.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Add a phone number"
        description={
          pending
            ? `We sent a code to ${pending.enrolled.factor.phoneHint ?? 'your phone'}. It expires in 5 minutes.`
            : 'We will text a code to this number when you sign in.'
        }
      >
        {pending ? (
          <div className="grid gap-3">
            <OneTimeCodeForm
              id="phone-enrol-code"
              label="Code from the text message"
              submitLabel="Turn on"
              busy={check.isPending}
              onSubmit={(code) => void confirm(code)}
            />
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void resend()}>
              {send.isPending ? 'Sending...' : 'Send a new code'}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void start(event)} className="grid gap-4">
            <FactorNameField id="phone-enrol-name" value={name} onChange={setName} />
            <Field id="phone-enrol-number" label="Phone number" required>
              <Input
                id="phone-enrol-number"
                type="tel"
                autoComplete="tel"
                placeholder="+351 912 345 678"
                required
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Text me a code'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
