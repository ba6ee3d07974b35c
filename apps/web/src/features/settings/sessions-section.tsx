import type { ActiveSession } from '@arena/shared/sessions.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useRef, useState } from 'react';
import { toast } from 'sonner';

import {
  useActiveSessionsQuery,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
} from './active-session-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SessionRow } from './session-row.tsx';
import { SettingsSection } from './settings-section.tsx';

type Confirming = { kind: 'one'; session: ActiveSession } | { kind: 'others' } | null;

/** Settings, Sessions: every device signed in to the account; end one, or all but this one. */
export function SessionsSection({ ready = true }: { ready?: boolean }) {
  const { data, status, refetch, isRefetching } = useActiveSessionsQuery({ enabled: ready });
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const busy = endOne.isPending || endOthers.isPending;
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current).length;

  function afterEnding(message: string) {
    toast.success(message);
    setConfirming(null);
    // The row that held focus is gone: keep the keyboard in the list.
    requestAnimationFrame(() => listRef.current?.focus());
  }

  function confirm() {
    if (confirming?.kind === 'one') {
      endOne.mutate(confirming.session.id, {
        onSuccess: () => afterEnding(MESSAGES.sessions.ended),
        onError: (error) => toast.error('Error', { description: error.message }),
      });
    } else if (confirming?.kind === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: () => afterEnding(MESSAGES.sessions.othersEnded),
        onError: (error) => toast.error('Error', { description: error.message }),
      });
    }
  }

  return (
    <SettingsSection
      title="Sessions"
      description="The devices signed in to your account. End any session you do not recognise."
    >
      {status === 'pending' ? (
        <div className="grid place-items-center py-6">
          <Spinner label="Loading your sessions..." showLabel />
        </div>
      ) : !data ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="font-semibold text-slate-900">{MESSAGES.sessions.loadFailed}</p>
          <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            {isRefetching ? 'Retrying...' : 'Retry'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label="Signed-in sessions"
            className="flex flex-col divide-y divide-slate-200 outline-none"
          >
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={(chosen) => setConfirming({ kind: 'one', session: chosen })}
              />
            ))}
          </ul>
          {others === 0 ? (
            <p className="text-sm text-slate-700">{MESSAGES.sessions.noOthers}</p>
          ) : (
            <Button
              variant="outline"
              className="self-start"
              onClick={() => setConfirming({ kind: 'others' })}
            >
              Sign out all other sessions
            </Button>
          )}
        </div>
      )}

      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !busy && setConfirming(null)}
      >
        {confirming ? (
          <AlertDialogContent
            title={confirming.kind === 'one' ? 'End this session?' : 'Sign out all other sessions?'}
            description={
              confirming.kind === 'one'
                ? `${confirming.session.device} (${confirming.session.ip ?? 'unknown address'}) will be signed out. Signing in there again needs the password.`
                : `${others === 1 ? 'The other device' : `All ${others} other devices`} signed in to your account will be signed out. This device stays signed in.`
            }
          >
            <AlertDialogCancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button
              className="bg-red-700 hover:bg-red-800 active:bg-red-900"
              disabled={busy}
              onClick={confirm}
            >
              {busy
                ? 'Signing out...'
                : confirming.kind === 'one'
                  ? 'End session'
                  : 'Sign out others'}
            </Button>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </SettingsSection>
  );
}
