import { MESSAGES } from '@arena/shared/messages';
import { type SyntheticEvent, useState } from 'react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useMyIdentitiesQuery } from '../auth/identity-queries.ts';
import { useDataExportMutation, useDeleteAccountMutation } from './account-data-queries.ts';
import { SettingsSection } from './settings-section.tsx';

const m = MESSAGES.privacy;

/** Settings → Your data: what the Privacy Policy promises, a copy of it and deleting it all. */
export function PrivacySection({ ready = true }: { ready?: boolean }) {
  const exportData = useDataExportMutation();
  return (
    <>
      <SettingsSection title={m.exportTitle} description={m.exportDescription}>
        <Button
          variant="outline"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onError: (error) =>
                toast.error(error instanceof ApiRequestError ? error.message : m.exportFailed),
            })
          }
        >
          {exportData.isPending ? m.exportPreparing : m.exportButton}
        </Button>
      </SettingsSection>
      <SettingsSection title={m.deleteTitle} description={m.deleteDescription}>
        <DeleteAccount ready={ready} />
      </SettingsSection>
    </>
  );
}

function DeleteAccount({ ready }: { ready: boolean }) {
  const user = useCurrentUser();
  const mine = useMyIdentitiesQuery({ enabled: ready });
  const remove = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = remove.isPending || remove.isSuccess;

  if (mine.isPending) return <Spinner label="Loading..." showLabel />;
  // Until the account says otherwise, it is asked for its password (most accounts have one).
  const hasPassword = mine.data?.hasPassword ?? true;

  async function confirm(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasPassword && password === '') {
      setError(m.passwordRequired);
      return;
    }
    setError(undefined);
    try {
      await remove.mutateAsync(hasPassword ? { password } : {});
      toast.success(m.deleted);
    } catch (failure) {
      const message = failure instanceof ApiRequestError ? failure.message : m.deleteFailed;
      if (failure instanceof ApiRequestError && failure.fields?.password) {
        setError(failure.fields.password);
      } else {
        toast.error(message);
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setPassword('');
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button className="bg-red-700 hover:bg-red-800 active:bg-red-900">{m.deleteButton}</Button>
      </DialogTrigger>
      <DialogContent title={`${m.deleteTitle}?`} description={m.deleteDescription}>
        <form noValidate onSubmit={(event) => void confirm(event)} className="grid gap-4">
          {hasPassword ? (
            <>
              {/* Lets password managers offer this account's password. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={user?.user.email ?? ''}
                readOnly
                hidden
              />
              <InputField
                id="delete-account-password"
                label={m.deletePasswordLabel}
                type="password"
                autoComplete="current-password"
                value={password}
                error={error}
                onChange={(event) => setPassword(event.target.value)}
              />
            </>
          ) : (
            <p className="text-sm text-slate-700">{m.deleteReauthHint}</p>
          )}
          <DialogActions busy={busy} destructive>
            {busy ? 'Deleting...' : m.deleteConfirm}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
