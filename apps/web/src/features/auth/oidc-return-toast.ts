import { isOidcErrorCode, withProvider } from '@arena/shared/identity.schema';
import type { OidcProvider } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

const PARAMS = ['oidcError', 'provider', 'linked'] as const;

/**
 * After a provider sends the browser back (`?oidcError=…&provider=…` or `?linked=…`), says how it
 * went in a toast, once, and takes those parameters out of the address. Waits for the provider
 * list (`ready`) so the message can use the provider's label.
 */
export function useOidcReturnToast(providers: OidcProvider[] | undefined, ready: boolean): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const code = params.get('oidcError');
  const linked = params.get('linked');
  const name = params.get('provider') ?? linked ?? '';

  useEffect(() => {
    if ((!code && !linked) || !ready || shown.current) return;
    shown.current = true;
    const label = providers?.find((provider) => provider.name === name)?.label ?? name;
    if (isOidcErrorCode(code)) {
      toast.error(withProvider(MESSAGES.identities[code], label || 'the provider'));
    } else if (linked) {
      toast.success(withProvider(MESSAGES.identities.linked, label));
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const param of PARAMS) next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [code, linked, name, providers, ready, setParams]);
}
