import type { AvailabilityStatus } from '@arena/shared/constants';
import type { OpenToOffers } from '@arena/shared/cv.schema';
import { Switch } from 'radix-ui';

import { useCvMutation } from './cv-queries.ts';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Label } from '../../components/ui/label.tsx';
import { CvError } from './cv-field.tsx';
import { CvSection } from './cv-section.tsx';
import { OpenToOffersPanel } from './open-to-offers.tsx';

/**
 * Available or Not Available (spec section 4): the owner switches it freely; everyone else reads
 * it. Unspecified until the owner first chooses. Under it, being open to offers (issue 24).
 */
export function AvailabilitySection({
  status,
  isOwn,
  openToOffers,
  birthdate,
}: {
  status: AvailabilityStatus | null;
  isOwn: boolean;
  openToOffers: OpenToOffers | null;
  /** The owner's (others see none): under 18, open to verified organisations only. */
  birthdate: string | null;
}) {
  const save = useCvMutation();
  // While a change is in flight, show where it is going.
  const pending = save.isPending ? save.variables : undefined;
  const shown = pending?.kind === 'athlete' ? (pending.patch.availabilityStatus ?? status) : status;
  const available = shown === 'Available';
  return (
    <CvSection id="availability" title="Availability">
      <div className="flex flex-wrap items-center gap-3">
        <span
          data-testid="availability-status"
          className={cx(
            'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
            shown === null
              ? 'bg-slate-100 text-slate-700'
              : available
                ? 'bg-green-50 text-green-800'
                : 'bg-red-50 text-red-800',
          )}
        >
          <span
            aria-hidden
            className={cx(
              'size-2 rounded-full',
              shown === null ? 'bg-slate-400' : available ? 'bg-green-600' : 'bg-red-600',
            )}
          />
          {shown ?? 'Not specified'}
        </span>
        {isOwn ? (
          <div className="ml-auto flex items-center gap-3">
            <Label htmlFor="cv-availability-switch">Available</Label>
            <Switch.Root
              id="cv-availability-switch"
              checked={available}
              disabled={save.isPending}
              onCheckedChange={(checked) =>
                save.mutate({
                  kind: 'athlete',
                  patch: { availabilityStatus: checked ? 'Available' : 'Not Available' },
                })
              }
              className={cx(
                'relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors data-[state=checked]:bg-green-700 disabled:opacity-60',
                focusRing,
              )}
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
          </div>
        ) : null}
      </div>
      {save.error ? (
        <div className="mt-3">
          <CvError message={save.error.message} />
        </div>
      ) : null}
      <OpenToOffersPanel open={openToOffers} isOwn={isOwn} birthdate={birthdate} />
    </CvSection>
  );
}
