import { Navigate, Outlet } from 'react-router';

import { useAuth } from '../../lib/session/session-context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useAfterSignInPath } from './after-sign-in.ts';

/**
 * Pages for visitors (landing, /auth): 'Loading...' until the session is known; members go to
 * /feed, or to the page a sign-in on /auth was asked to return to.
 */
export function PublicOnly() {
  const auth = useAuth();
  const next = useAfterSignInPath();
  if (auth.status === 'loading') return <PageLoader />;
  if (auth.status === 'signed-in') return <Navigate to={next} replace />;
  return <Outlet />;
}
