import { MESSAGES } from '@arena/shared/messages';
import { KeyRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { usePasskeySignInMutation } from './mfa-queries.ts';
import { passkeyErrorMessage, passkeysSupported } from './webauthn.ts';
import { useAfterSignInPath } from './after-sign-in.ts';
import { Button } from '../../components/ui/button.tsx';

/** 'Sign in with a passkey': no password, and no second step (a passkey is both factors). */
export function PasskeySignInButton({ remember }: { remember: boolean }) {
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  const signIn = usePasskeySignInMutation();
  if (!passkeysSupported()) return null;

  async function start() {
    try {
      await signIn.mutateAsync({ remember });
    } catch (error) {
      toast.error(passkeyErrorMessage(error));
      return;
    }
    toast.success(MESSAGES.auth.signedIn);
    await navigate(next, { replace: true });
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={signIn.isPending}
      onClick={() => void start()}
    >
      <KeyRound className="size-4" aria-hidden />
      {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
