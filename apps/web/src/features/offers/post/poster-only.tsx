import { canPostOffers } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';

import { useCurrentUser } from '../../../lib/session/session-queries.ts';

/**
 * The posters' pages (/post-offer, /applications-received): verified agents, clubs and coaches,
 * and admins. Anyone else hears why (spec section 6) and goes to /feed. Sits inside RequireAuth;
 * the server refuses them all the same.
 */
export function PosterOnly({
  page,
  children,
}: {
  /** Which page refuses: the reason speaks of posting offers or of reviewing applications. */
  page: 'post-offer' | 'applications-received';
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (!user) return null;
  // An organisation not (or no longer) verified keeps its posted offers in view, paused.
  const ownsOffers = page === 'post-offer' && user.profile.userType !== 'player';
  if (!canPostOffers(user) && !ownsOffers) {
    const player = user.profile.userType === 'player';
    const o = MESSAGES.offer;
    return (
      <Refusal
        message={
          page === 'post-offer'
            ? o.accessDenied
            : player
              ? o.reviewAccessDenied
              : o.reviewVerificationRequired
        }
      />
    );
  }
  return children;
}

function Refusal({ message }: { message: string }) {
  useEffect(() => {
    // The id keeps a double-run effect (StrictMode) from stacking two toasts.
    toast.error(message, { id: 'poster-only' });
  }, [message]);
  return <Navigate to="/feed" replace />;
}
