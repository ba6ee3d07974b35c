import { isSafeRedirectPath } from '@arena/shared/safe-redirect';
import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useAuth } from '../../lib/session/session-context.tsx';
import { DocumentTitle } from '../../components/document-title.tsx';
import { PageLoader } from '../../components/page-loader.tsx';

/**
 * /auth/callback: where a third-party sign-in lands. The server has set the refresh cookie, and
 * the start-up restores the session from it; then on to the page asked for (a path of this site
 * only), or back to /auth with a message when no session came of it.
 */
export function AuthCallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const done = useRef(false);
  const asked = params.get('redirectTo') ?? '/feed';
  const redirectTo = isSafeRedirectPath(asked) ? asked : '/feed';

  useEffect(() => {
    if (done.current) return;
    switch (auth.status) {
      case 'loading':
        return;
      case 'signed-in':
        done.current = true;
        toast.success(MESSAGES.auth.signedIn);
        void navigate(redirectTo, { replace: true });
        return;
      case 'mfa-required':
        // The provider vouched for one factor; the member's second one is asked on /auth.
        done.current = true;
        void navigate('/auth', { replace: true });
        return;
      case 'signed-out':
        done.current = true;
        void navigate('/auth?oidcError=expired', { replace: true });
        return;
    }
  }, [auth.status, navigate, redirectTo]);

  return (
    <>
      <DocumentTitle title="Signing in" />
      <PageLoader />
    </>
  );
}
