import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import { Ban, Ellipsis, Flag, Volume2, VolumeX } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';

import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { ReportDialog } from '../moderation/report/report-dialog-loader.tsx';
import { useBlockMutation, useMuteMutation } from './safety-queries.ts';

type Profile = Pick<ProfileDetail, 'id' | 'username' | 'blocking' | 'muting'>;

/**
 * The ⋯ button on someone else's profile: mute or unmute them, block them (after asking) or
 * unblock them, report them (and block them in the same step).
 */
export function ProfileActionsMenu({ profile }: { profile: Profile }) {
  const { username, blocking, muting } = profile;
  const block = useBlockMutation();
  const mute = useMuteMutation();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  function confirmBlock(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    block.mutate({ username, block: true }, { onSuccess: () => setConfirming(false) });
  }

  return (
    <>
      {/* Not modal, so that the dialog it opens can take the focus (see account-menu-dropdown). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="secondary"
            size="icon"
            aria-label={`More actions for @${username}`}
          >
            <Ellipsis className="size-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            disabled={mute.isPending}
            onSelect={() => mute.mutate({ username, mute: !muting })}
          >
            {muting ? (
              <Volume2 className="size-4" aria-hidden />
            ) : (
              <VolumeX className="size-4" aria-hidden />
            )}
            {muting ? 'Unmute' : 'Mute'} @{username}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={block.isPending}
            className="text-red-700"
            onSelect={() =>
              blocking ? block.mutate({ username, block: false }) : setConfirming(true)
            }
          >
            <Ban className="size-4" aria-hidden />
            {blocking ? 'Unblock' : 'Block'} @{username}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag className="size-4" aria-hidden />
            Report @{username}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={confirming} onOpenChange={(open) => !block.isPending && setConfirming(open)}>
        <DialogContent
          title={`Block @${username}?`}
          description={MESSAGES.safety.blockConfirm}
          // Opened from the menu, not a trigger: focus goes back to the ⋯ button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <form noValidate onSubmit={confirmBlock}>
            <DialogActions busy={block.isPending} destructive>
              {block.isPending ? 'Blocking...' : 'Block'}
            </DialogActions>
          </form>
        </DialogContent>
      </Dialog>
      <ReportDialog
        subject={{ type: 'profile', id: profile.id, username, blocking }}
        open={reporting}
        onOpenChange={setReporting}
        returnFocus={trigger}
      />
    </>
  );
}
