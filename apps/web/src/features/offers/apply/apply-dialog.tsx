import type { SessionUser } from '@arena/shared/auth.schema';

import { useCvQuery } from '../../cv/cv-queries.ts';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApplyForm } from './apply-form.tsx';
import type { ApplyTarget } from './apply-form-types.ts';

/** The Apply dialog's panel; the form waits for the athlete's CV, which prefills it. */
export function ApplyDialogContent({
  offer,
  me,
  onApplied,
}: {
  offer: ApplyTarget;
  me: SessionUser;
  onApplied: () => void;
}) {
  const cv = useCvQuery(me.profile.username);
  return (
    <DialogContent
      title={`Apply to ${offer.title}`}
      description={`${offer.organizationName} · ${offer.location}`}
      className="max-w-2xl"
    >
      {cv.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading your profile..." showLabel />
        </div>
      ) : (
        <ApplyForm offer={offer} me={me} cv={cv.data} onApplied={onApplied} />
      )}
    </DialogContent>
  );
}
