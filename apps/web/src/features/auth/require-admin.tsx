import { MESSAGES } from '@arena/shared/messages';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'sonner';

import { useCurrentUser } from '../../lib/session/session-queries.ts';

/** Admin pages (/verify); sits inside RequireAuth. Anyone else is told so and sent to /feed. */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!user.roles.includes('admin')) return <AdminOnlyRedirect />;
  return <Outlet />;
}

function AdminOnlyRedirect() {
  useEffect(() => {
    // The id keeps a double-run effect (StrictMode) from stacking two toasts.
    toast.error(MESSAGES.adminOnly, { id: 'admin-only' });
  }, []);
  return <Navigate to="/feed" replace />;
}
