import { ADULT_AGE, ageOn } from '@arena/shared/age';
import { CONTRACT_TYPES, type ContractType } from '@arena/shared/constants';
import {
  OFFER_VISIBILITIES,
  OFFER_VISIBILITY_LABELS,
  type OfferVisibility,
  type OpenToOffers,
} from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';
import { format, parseISO } from 'date-fns';
import { BriefcaseBusiness } from 'lucide-react';
import { type SyntheticEvent, useId, useState } from 'react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { Field, fieldControlProps } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { RadioCard } from '../../components/ui/radio-card.tsx';
import { useCvMutation } from './cv-queries.ts';

const m = MESSAGES.cv;

/** 'Full Season, Multi-Year · current contract ends 30 Jun 2027'. */
function summary(open: OpenToOffers): string {
  const ends = open.contractEndsOn
    ? ` · current contract ends ${format(parseISO(open.contractEndsOn), 'd MMM yyyy')}`
    : '';
  return `${open.contractTypes.join(', ')}${ends}`;
}

/**
 * Under Availability: whether the athlete is open to offers, the contracts wanted and when the
 * current one ends, to those they let see it. The athlete turns it on, changes it or turns it off;
 * under 18 (or without a birthdate yet), only verified organisations can be chosen.
 */
export function OpenToOffersPanel({
  open,
  isOwn,
  birthdate,
}: {
  open: OpenToOffers | null;
  isOwn: boolean;
  birthdate: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const save = useCvMutation();
  const minor = birthdate === null || ageOn(birthdate) < ADULT_AGE;
  if (!isOwn && !open) return null;
  return (
    <div className="mt-4 grid gap-2 border-t border-slate-200 pt-4">
      {open ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-2 rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold text-blue-800">
              <BriefcaseBusiness className="size-4" aria-hidden />
              Open to offers
            </span>
            <span className="text-sm text-slate-800">{summary(open)}</span>
          </p>
          {isOwn ? (
            <p className="text-sm text-slate-700">
              Seen by: {OFFER_VISIBILITY_LABELS[open.visibility]}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Let clubs, agents and coaches know you are looking for a contract.
        </p>
      )}
      {isOwn ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {open ? 'Change' : 'Open to offers...'}
          </Button>
          {open ? (
            <Button
              variant="outline"
              size="sm"
              disabled={save.isPending}
              onClick={() =>
                save.mutate(
                  { kind: 'close-open-to-offers' },
                  {
                    onSuccess: () => toast.success(m.openClosed),
                    onError: (error) => toast.error(error.message),
                  },
                )
              }
            >
              Turn off
            </Button>
          ) : null}
        </div>
      ) : null}
      {/* Mounted when opened: the form starts from what is saved now. */}
      {isOwn && editing ? (
        <OpenToOffersDialog open={editing} onOpenChange={setEditing} current={open} minor={minor} />
      ) : null}
    </div>
  );
}

function OpenToOffersDialog({
  open,
  onOpenChange,
  current,
  minor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: OpenToOffers | null;
  minor: boolean;
}) {
  const id = useId();
  const save = useCvMutation();
  const [visibility, setVisibility] = useState<OfferVisibility>(
    current?.visibility ?? (minor ? 'verified' : 'everyone'),
  );
  const [types, setTypes] = useState<ContractType[]>(current?.contractTypes ?? []);
  const [ends, setEnds] = useState(current?.contractEndsOn ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (types.length === 0) {
      setError(m.contractTypesRequired);
      return;
    }
    setError(null);
    save.mutate(
      {
        kind: 'open-to-offers',
        input: {
          visibility,
          contractTypes: CONTRACT_TYPES.filter((type) => types.includes(type)),
          contractEndsOn: ends === '' ? null : ends,
        },
      },
      {
        onSuccess: () => {
          toast.success(m.openSaved);
          onOpenChange(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent
        title="Open to offers"
        description="Tell clubs, agents and coaches which contracts you are looking for."
      >
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">Contracts wanted</legend>
            {CONTRACT_TYPES.map((type) => (
              <div key={type} className="flex items-center gap-3">
                <Checkbox
                  id={`${id}-${type}`}
                  checked={types.includes(type)}
                  onCheckedChange={(checked) =>
                    setTypes((chosen) =>
                      checked === true ? [...chosen, type] : chosen.filter((t) => t !== type),
                    )
                  }
                />
                <Label htmlFor={`${id}-${type}`} className="font-normal">
                  {type}
                </Label>
              </div>
            ))}
          </fieldset>
          <Field id={`${id}-ends`} label="Current contract ends (optional)" error={undefined}>
            <Input
              {...fieldControlProps(`${id}-ends`, undefined)}
              type="date"
              min={new Date().toISOString().slice(0, 10)}
              value={ends}
              onChange={(event) => setEnds(event.target.value)}
            />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={minor ? `${id}-minor` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-900">Who sees it</legend>
            {OFFER_VISIBILITIES.map((choice) => (
              <RadioCard
                key={choice}
                name={`${id}-visibility`}
                value={choice}
                checked={visibility === choice}
                disabled={choice === 'everyone' && minor}
                onChoose={() => setVisibility(choice)}
              >
                {OFFER_VISIBILITY_LABELS[choice]}
              </RadioCard>
            ))}
            {minor ? (
              <p id={`${id}-minor`} className="text-sm text-slate-700">
                {m.openMinorsVerifiedOnly}
              </p>
            ) : null}
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogActions busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
