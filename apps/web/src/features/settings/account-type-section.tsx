import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { UserType } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { useState } from 'react';
import { toast } from 'sonner';

import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { UserTypeSelect } from '../auth/user-type-field.tsx';
import { useMyVerificationQuery } from '../verification/verification-queries.ts';
import { useChangeAccountTypeMutation } from './account-type-queries.ts';
import { SettingsSection } from './settings-section.tsx';

const m = MESSAGES.accountType;

/**
 * Settings, Account type: Player, Agent, Coach or Club. A member changes it while unverified; a
 * verified organisation is told to ask an admin (the server refuses it too). A change withdraws
 * a pending verification request, and the confirmation says so.
 */
export function AccountTypeSection() {
  const me = useCurrentUser();
  const current = me?.profile.userType;
  const locked = me?.profile.verified === true;
  const verification = useMyVerificationQuery(current !== undefined && current !== 'player');
  const pendingRequest = verification.data?.status === 'pending';
  const [chosen, setChosen] = useState<UserType | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeAccountTypeMutation();
  const selected = chosen ?? current;

  function confirm() {
    if (!selected) return;
    change.mutate(selected, {
      onSuccess: (result) => {
        setChosen(undefined);
        toast.success(result.verificationWithdrawn ? m.changedAndWithdrawn : m.changed);
      },
      onError: (error) => toast.error(error.message || m.changeFailed),
    });
  }

  return (
    <SettingsSection
      title="Account type"
      description="What kind of member you are: it decides the sections your profile shows."
    >
      {locked ? (
        <p className="text-sm text-slate-800">
          {current ? `${USER_TYPE_LABELS[current]}. ` : null}
          {m.verifiedCannotChange}
        </p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (selected && selected !== current) setConfirming(true);
          }}
        >
          <div className="sm:w-60">
            <UserTypeSelect
              id="settings-user-type"
              name="userType"
              value={selected}
              onChange={setChosen}
              onBlur={() => undefined}
              invalid={false}
              ref={null}
            />
          </div>
          <Button type="submit" disabled={change.isPending || !selected || selected === current}>
            {change.isPending ? 'Changing...' : 'Change account type'}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Change your account type to ${selected ? USER_TYPE_LABELS[selected] : ''}?`}
        description={
          pendingRequest
            ? 'This withdraws your pending verification request. You can request verification again as your new type.'
            : 'Your profile will show the sections of your new type.'
        }
        confirmLabel="Change account type"
        onConfirm={confirm}
      />
    </SettingsSection>
  );
}
