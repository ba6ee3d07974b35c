import { MESSAGES } from '@arena/shared/messages';
import { useEffect } from 'react';
import { toast } from 'sonner';

import { useAuth } from '../../lib/session/session-context.tsx';

/** Tells the user why they were signed out when their session could not be renewed. */
export function SessionExpiredNotice() {
  const auth = useAuth();
  const expired = auth.status === 'signed-out' && auth.reason === 'expired';
  useEffect(() => {
    if (expired) toast.error(MESSAGES.auth.sessionExpired, { id: 'session-expired' });
  }, [expired]);
  return null;
}
