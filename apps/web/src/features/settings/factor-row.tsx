import type { Factor } from '@arena/shared/factor.schema';
import { FACTOR_TYPE_LABELS } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';
import { KeyRound, MessageSquareText, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { useRemoveFactorMutation } from '../auth/mfa-queries.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/dialog.tsx';
import { RelativeTime } from '../posts/relative-time.tsx';
import { enrolmentErrorMessage } from './enrolment-errors.ts';

const ICONS = { totp: Smartphone, phone: MessageSquareText, webauthn: KeyRound };

/** One second factor: what it is, when it was last used, and its removal behind a confirmation. */
export function FactorRow({ factor, isLast }: { factor: Factor; isLast: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveFactorMutation();
  const Icon = ICONS[factor.factorType];

  function confirm() {
    remove.mutate(factor.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(MESSAGES.mfa.removed);
      },
      onError: (error) => toast.error(enrolmentErrorMessage(error)),
    });
  }

  return (
    <li className="flex items-center gap-3 py-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-blue-50 text-blue-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{factor.friendlyName}</span>
          {factor.status === 'unverified' ? <Badge variant="secondary">Not set up</Badge> : null}
        </span>
        <span className="text-sm text-slate-700">
          {FACTOR_TYPE_LABELS[factor.factorType]}
          {factor.phoneHint ? ` · ${factor.phoneHint}` : ''}
          {factor.lastUsedAt ? (
            <>
              {' · Last used '}
              <RelativeTime iso={factor.lastUsedAt} />
            </>
          ) : null}
        </span>
      </div>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Remove ${factor.friendlyName}`}>
            Remove
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          title={`Remove ${factor.friendlyName}?`}
          description={
            isLast && factor.status === 'verified'
              ? 'This is your last two-factor method: your password alone will sign you in again, and your recovery codes stop working.'
              : 'You will no longer be able to use it to sign in.'
          }
        >
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <button
            type="button"
            className={cx(
              'inline-flex h-10 items-center justify-center rounded-full bg-red-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60',
              focusRing,
            )}
            disabled={remove.isPending}
            onClick={confirm}
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </button>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
