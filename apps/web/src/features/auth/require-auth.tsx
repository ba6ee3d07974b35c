import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageLoader } from '../../components/page-loader.tsx';
import { useAuth } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { signInPathFor } from './after-sign-in.ts';

// Only a player from before sign-up asked needs it: it loads when one signs in, not with the app.
const BirthdatePrompt = lazy(() =>
  import('../guardians/birthdate-prompt.tsx').then((module) => ({
    default: module.BirthdatePrompt,
  })),
);

/**
 * Pages for members only. A visitor is sent to /auth, which comes back to the page asked for
 * once signed in; someone who has just signed out is on their way to the landing page, so they
 * are sent there instead.
 */
export function RequireAuth() {
  const auth = useAuth();
  // The freshest copy: an organisation that just became a player is asked at once.
  const me = useCurrentUser();
  const location = useLocation();
  const signIn = signInPathFor(`${location.pathname}${location.search}${location.hash}`);
  switch (auth.status) {
    case 'loading':
      return null;
    case 'signed-out':
      return <Navigate to={auth.reason === 'signed-out' ? '/' : signIn} replace />;
    case 'mfa-required':
      // The second step of the sign-in waits on /auth.
      return <Navigate to={signIn} replace />;
    case 'signed-in':
      // A player without a birthdate (from before sign-up asked for it, or an organisation that
      // became a player) answers first (issue 25).
      return (me ?? auth.session).profile.birthdateMissing ? (
        <Suspense fallback={<PageLoader />}>
          <BirthdatePrompt />
        </Suspense>
      ) : (
        <Outlet />
      );
  }
}
