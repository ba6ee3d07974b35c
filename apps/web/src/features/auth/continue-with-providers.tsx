import { useState } from 'react';

import { useOidcProvidersQuery, useStartOidcSignIn } from './identity-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { useOidcReturnToast } from './oidc-return-toast.ts';
import { useAfterSignInPath } from './after-sign-in.ts';

/**
 * 'Continue with <provider>' for each configured provider (nothing when there are none), and the
 * message of an attempt that came back without signing in.
 */
export function ContinueWithProviders() {
  const providers = useOidcProvidersQuery();
  const startSignIn = useStartOidcSignIn();
  const next = useAfterSignInPath();
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  useOidcReturnToast(providers.data, !providers.isPending);

  if (!providers.data?.length) return null;
  return (
    <div className="mt-6 grid gap-3">
      <div className="flex items-center gap-3 text-sm text-slate-700" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {providers.data.map((provider) => (
        <Button
          key={provider.name}
          variant="outline"
          size="lg"
          className="w-full"
          disabled={leavingFor !== null}
          onClick={() => {
            setLeavingFor(provider.name);
            // Remember me is on by default (spec section 9), as on the forms.
            void startSignIn(provider.name, { remember: true, redirectTo: next });
          }}
        >
          {leavingFor === provider.name ? 'Redirecting...' : `Continue with ${provider.label}`}
        </Button>
      ))}
    </div>
  );
}
