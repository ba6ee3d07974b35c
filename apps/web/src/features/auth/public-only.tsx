import { Navigate, Outlet } from 'react-router';

import { useAuth } from '../../lib/session/session-context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';

/** Pages for visitors (landing, /auth): 'Loading...' until the session is known; members go to /feed. */
export function PublicOnly() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageLoader />;
  if (auth.status === 'signed-in') return <Navigate to="/feed" replace />;
  return <Outlet />;
}
