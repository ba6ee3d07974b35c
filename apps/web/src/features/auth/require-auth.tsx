import { Navigate, Outlet } from 'react-router';

import { useAuth } from '../../lib/session/session-context.tsx';

/**
 * Pages for members only. A visitor is sent to /auth; someone who has just signed out is on
 * their way to the landing page, so they are sent there instead.
 */
export function RequireAuth() {
  const auth = useAuth();
  switch (auth.status) {
    case 'loading':
      return null;
    case 'signed-out':
      return <Navigate to={auth.reason === 'signed-out' ? '/' : '/auth'} replace />;
    case 'mfa-required':
      // The second step of the sign-in waits on /auth.
      return <Navigate to="/auth" replace />;
    case 'signed-in':
      return <Outlet />;
  }
}
