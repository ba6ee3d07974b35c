import { MESSAGES } from '@arena/shared/messages';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { useAuth } from '../../lib/session/session-context.tsx';

/**
 * For actions only members may take on a post (like, repost, follow): `requireSignIn()` answers
 * true for a member; for a visitor it shows 'Login Required', goes to /auth and answers false.
 */
export function useSignInGate() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signedIn = auth.status === 'signed-in';
  const requireSignIn = useCallback(() => {
    if (signedIn) return true;
    toast.error(MESSAGES.profile.loginRequired);
    void navigate('/auth');
    return false;
  }, [signedIn, navigate]);
  return { signedIn, requireSignIn };
}
