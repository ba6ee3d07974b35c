import { withProvider } from '@arena/shared/identity.schema';
import type { Identity } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';
import { format } from 'date-fns';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  useLinkIdentityMutation,
  useMyIdentitiesQuery,
  useOidcProvidersQuery,
  useUnlinkIdentityMutation,
} from '../auth/identity-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useOidcReturnToast } from '../auth/oidc-return-toast.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Sign-in methods: the providers linked to the account (each can be unlinked, unless it is the
 * last way to sign in) and a 'Link' button for each configured provider not linked yet. Shown
 * only where providers are configured or linked.
 */
export function SignInMethodsSection({ ready = true }: { ready?: boolean }) {
  const providers = useOidcProvidersQuery({ enabled: ready });
  const mine = useMyIdentitiesQuery({ enabled: ready });
  useOidcReturnToast(providers.data, !providers.isPending);

  const configured = providers.data ?? [];
  const identities = mine.data?.identities ?? [];
  if (providers.isSuccess && configured.length === 0 && mine.isSuccess && identities.length === 0) {
    return null;
  }

  return (
    <SettingsSection
      title="Sign-in methods"
      description="Sign in to Arena with an account you already have elsewhere."
    >
      {mine.isPending || providers.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : mine.isError ? (
        <div className="grid justify-items-start gap-3">
          <p role="alert" className="text-slate-800">
            {MESSAGES.identities.loadFailed}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SignInMethods
          identities={identities}
          hasPassword={mine.data.hasPassword}
          linkable={configured.filter(
            (provider) => !identities.some((identity) => identity.provider === provider.name),
          )}
        />
      )}
    </SettingsSection>
  );
}

function SignInMethods({
  identities,
  hasPassword,
  linkable,
}: {
  identities: Identity[];
  hasPassword: boolean;
  linkable: { name: string; label: string }[];
}) {
  const link = useLinkIdentityMutation();
  // The server decides (and counts only configured providers); this only explains it up front.
  const isLast = !hasPassword && identities.length <= 1;

  return (
    <div className="grid gap-4">
      {identities.length === 0 ? (
        <p className="text-slate-700">No providers linked yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Linked providers">
          {identities.map((identity) => (
            <li
              key={identity.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{identity.providerLabel}</p>
                {identity.email ? (
                  <p className="truncate text-sm text-slate-700">{identity.email}</p>
                ) : null}
                <p className="text-sm text-slate-700">
                  Linked{' '}
                  <time dateTime={identity.createdAt}>
                    {format(new Date(identity.createdAt), 'PP')}
                  </time>
                </p>
              </div>
              <UnlinkButton identity={identity} isLast={isLast} />
            </li>
          ))}
        </ul>
      )}
      {isLast && identities.length === 1 ? (
        <p className="text-sm text-slate-700">{MESSAGES.identities.lastMethod}</p>
      ) : null}
      {linkable.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {linkable.map((provider) => (
            <Button
              key={provider.name}
              variant="outline"
              disabled={link.isPending || link.isSuccess}
              onClick={() =>
                link.mutate(provider.name, {
                  onError: (error) => toast.error(error.message || MESSAGES.identities.linkFailed),
                })
              }
            >
              {link.variables === provider.name && (link.isPending || link.isSuccess)
                ? 'Redirecting...'
                : `Link ${provider.label}`}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function UnlinkButton({ identity, isLast }: { identity: Identity; isLast: boolean }) {
  const [open, setOpen] = useState(false);
  const unlink = useUnlinkIdentityMutation();
  const busy = unlink.isPending;

  // Awaited rather than through mutate's callbacks: on success this row leaves the list (and
  // unmounts) before those callbacks would run.
  async function confirm() {
    try {
      await unlink.mutateAsync(identity.id);
      toast.success(withProvider(MESSAGES.identities.unlinked, identity.providerLabel));
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : MESSAGES.identities.unlinkFailed,
      );
    }
    setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          disabled={isLast}
          aria-label={`Unlink ${identity.providerLabel}`}
        >
          Unlink
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Unlink ${identity.providerLabel}?`}
        description={`You will no longer be able to sign in with ${identity.providerLabel}${identity.email ? ` (${identity.email})` : ''}. You can link it again later.`}
      >
        <AlertDialogCancel asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </AlertDialogCancel>
        <Button
          className="bg-red-700 hover:bg-red-800 active:bg-red-900"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Unlinking...' : 'Unlink'}
        </Button>
      </AlertDialogContent>
    </AlertDialog>
  );
}
