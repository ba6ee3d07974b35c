import type { Factor } from '@arena/shared/factor.schema';
import { FACTOR_TYPE_LABELS } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { ChallengeResponse } from '@arena/shared/mfa.schema';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useAuth } from '../../lib/session/session-context.tsx';
import { useSignOutMutation } from '../../lib/session/session-queries.ts';
import {
  useProveFactorMutation,
  useRecoveryCodeMutation,
  useSendCodeMutation,
  useVerifyTextedCodeMutation,
} from './mfa-queries.ts';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { passkeyErrorMessage } from './webauthn.ts';
import { useAfterSignInPath } from './after-sign-in.ts';

const RECOVERY = 'recovery';

function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : MESSAGES.internal;
}

/** The factor the step opens with: an app code is the quickest, then a passkey, then a text. */
function preferred(factors: Factor[]): string {
  for (const type of ['totp', 'webauthn', 'phone'] as const) {
    const found = factors.find((factor) => factor.factorType === type);
    if (found) return found.id;
  }
  return RECOVERY;
}

/**
 * The second step of a password sign-in, for members with two-factor authentication: a code
 * from their app, a texted code, their passkey, or a recovery code.
 */
export function SecondStep() {
  const auth = useAuth();
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  const signOut = useSignOutMutation();
  const factors = auth.session?.mfaRequired?.factors ?? [];
  const [choice, setChoice] = useState(() => preferred(factors));
  const groupId = useId();
  const factor = factors.find((candidate) => candidate.id === choice);

  async function done() {
    toast.success(MESSAGES.auth.signedIn);
    await navigate(next, { replace: true });
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm text-slate-700">
        Your account is protected with two-factor authentication. Confirm it’s you to finish signing
        in.
      </p>
      <fieldset className="grid gap-2">
        <legend id={groupId} className="mb-2 text-sm font-medium text-slate-900">
          Verify with
        </legend>
        {[...factors, null].map((item) => {
          const value = item?.id ?? RECOVERY;
          return (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-checked:border-blue-600 has-checked:bg-blue-50"
            >
              <input
                type="radio"
                name={groupId}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="size-4 accent-blue-700"
              />
              <span className="grid">
                <span className="font-medium text-slate-900">
                  {item ? FACTOR_TYPE_LABELS[item.factorType] : 'Recovery code'}
                </span>
                <span className="text-slate-700">
                  {item
                    ? `${item.friendlyName}${item.phoneHint ? ` (${item.phoneHint})` : ''}`
                    : 'One of the codes you saved when you turned this on'}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      {factor?.factorType === 'totp' ? (
        <AppCode key={factor.id} factor={factor} onDone={done} />
      ) : null}
      {factor?.factorType === 'phone' ? (
        <TextedCode key={factor.id} factor={factor} onDone={done} />
      ) : null}
      {factor?.factorType === 'webauthn' ? (
        <Passkey key={factor.id} factor={factor} onDone={done} />
      ) : null}
      {choice === RECOVERY ? <RecoveryCode onDone={done} /> : null}

      <Button
        type="button"
        variant="ghost"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Cancel and sign out
      </Button>
    </div>
  );
}

interface StepProps {
  factor: Factor;
  onDone: () => Promise<void>;
}

/**
 * Runs one attempt. Awaited rather than through `mutate` callbacks: once the session is aal2 the
 * page moves on, and callbacks of an unmounted component would never run.
 */
async function attempt<T>(
  run: () => Promise<T>,
  onDone: (result: T) => Promise<void>,
  describe: (error: unknown) => string = errorMessage,
) {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    toast.error(describe(error));
    return;
  }
  await onDone(result);
}

function AppCode({ factor, onDone }: StepProps) {
  const prove = useProveFactorMutation();
  return (
    <OneTimeCodeForm
      id="second-step-code"
      label="Authentication code"
      busy={prove.isPending}
      onSubmit={(code) => void attempt(() => prove.mutateAsync({ factor, code }), onDone)}
    />
  );
}

function TextedCode({ factor, onDone }: StepProps) {
  const send = useSendCodeMutation();
  const check = useVerifyTextedCodeMutation();
  const [sent, setSent] = useState<ChallengeResponse | null>(null);

  function sendCode() {
    send.mutate(factor.id, {
      onSuccess: (challenge) => {
        setSent(challenge);
        toast.success(`We sent a code to ${factor.phoneHint ?? 'your phone'}.`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <div className="grid gap-3">
      {sent ? (
        <OneTimeCodeForm
          id="second-step-texted-code"
          label="Code from the text message"
          busy={check.isPending}
          onSubmit={(code) =>
            void attempt(
              () => check.mutateAsync({ factorId: factor.id, challengeId: sent.id, code }),
              onDone,
            )
          }
        />
      ) : null}
      <Button
        type="button"
        variant={sent ? 'ghost' : 'primary'}
        disabled={send.isPending}
        onClick={sendCode}
      >
        {send.isPending ? 'Sending...' : sent ? 'Send a new code' : 'Text me a code'}
      </Button>
    </div>
  );
}

function Passkey({ factor, onDone }: StepProps) {
  const prove = useProveFactorMutation();
  return (
    <Button
      type="button"
      className="w-full"
      disabled={prove.isPending}
      onClick={() => void attempt(() => prove.mutateAsync({ factor }), onDone, passkeyErrorMessage)}
    >
      <KeyRound className="size-4" aria-hidden />
      {prove.isPending ? 'Waiting for your passkey...' : 'Use your passkey'}
    </Button>
  );
}

function RecoveryCode({ onDone }: { onDone: () => Promise<void> }) {
  const recover = useRecoveryCodeMutation();
  return (
    <OneTimeCodeForm
      id="second-step-recovery"
      label="Recovery code"
      kind="recovery"
      busy={recover.isPending}
      onSubmit={(code) =>
        void attempt(
          () => recover.mutateAsync(code),
          async ({ recoveryCodesRemaining }) => {
            if (recoveryCodesRemaining <= 3)
              toast.warning(
                `You have ${recoveryCodesRemaining} recovery codes left. Create new ones in Settings.`,
              );
            await onDone();
          },
        )
      }
    />
  );
}
