import { LIMITS } from '@arena/shared/limits';
import {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  moderationDecisionInputSchema,
} from '@arena/shared/moderation.schema';
import type { ModerationAction, ModerationDecisionInput } from '@arena/shared/moderation.schema';
import type { ProfileSummary } from '@arena/shared/profile.schema';
import { useId, useState } from 'react';
import type { SyntheticEvent } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { DecisionRefused, ReasonField } from './decision-fields.tsx';
import { useDecisionMutation } from './queue-queries.ts';

type Errors = Partial<Record<'actions' | 'suspendDays' | 'reason' | 'note', string>>;

/** The form's first error per field, from the shared schema. */
function validate(input: ModerationDecisionInput): Errors {
  const parsed = moderationDecisionInputSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in { actions: 1, suspendDays: 1, reason: 1, note: 1 }) {
      errors[field as keyof Errors] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The decision on an open case: one or more actions (Dismiss alone; days with Suspend), the
 * reason the member is told, and a note only admins see. Suspend and ban ask first.
 */
export function DecisionForm({
  caseId,
  member,
  onDecided,
}: {
  caseId: string;
  member: ProfileSummary;
  onDecided: () => void;
}) {
  const id = useId();
  const [actions, setActions] = useState<ModerationAction[]>([]);
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const decide = useDecisionMutation(caseId);
  const dismissing = actions.includes('dismiss');
  const suspending = actions.includes('suspend');

  const input = (): ModerationDecisionInput => ({
    actions,
    suspendDays: suspending ? Number(days) : null,
    reason,
    note,
  });

  function toggle(action: ModerationAction, checked: boolean) {
    setActions((current) => {
      if (!checked) return current.filter((value) => value !== action);
      // Dismiss stands alone: choosing it clears the others.
      if (action === 'dismiss') return ['dismiss'];
      return MODERATION_ACTIONS.filter((value) => value === action || current.includes(value));
    });
  }

  function send() {
    decide.mutate(input(), { onSuccess: onDecided });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(input());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (suspending || actions.includes('ban')) setConfirming(true);
    else send();
  }

  const severe = actions.includes('ban')
    ? `Ban @${member.username}?`
    : `Suspend @${member.username} for ${days} ${days === '1' ? 'day' : 'days'}?`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Decision
      </h3>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.actions ? `${id}-actions-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-900">Actions</legend>
        {MODERATION_ACTIONS.map((action) => (
          <div key={action} className="flex items-center gap-3">
            <Checkbox
              id={`${id}-${action}`}
              checked={actions.includes(action)}
              disabled={decide.isPending || (dismissing && action !== 'dismiss')}
              onCheckedChange={(checked) => toggle(action, checked === true)}
            />
            <Label htmlFor={`${id}-${action}`} className="font-normal">
              {MODERATION_ACTION_LABELS[action]}
            </Label>
          </div>
        ))}
        {errors.actions ? (
          <p id={`${id}-actions-error`} className="text-sm text-red-700">
            {errors.actions}
          </p>
        ) : null}
      </fieldset>
      {suspending ? (
        <Field id={`${id}-days`} label="Days of suspension" error={errors.suspendDays} required>
          <Input
            {...fieldControlProps(`${id}-days`, errors.suspendDays)}
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.suspendDaysMax}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
            disabled={decide.isPending}
            className="w-32"
          />
        </Field>
      ) : null}
      <ReasonField
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        disabled={decide.isPending}
      />
      <Field id={`${id}-note`} label="Private note (admins only)" error={errors.note}>
        <Textarea
          {...fieldControlProps(`${id}-note`, errors.note)}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          disabled={decide.isPending}
        />
      </Field>
      <DecisionRefused error={decide.error} />
      <Button type="submit" className="self-start" disabled={decide.isPending}>
        {decide.isPending ? 'Applying...' : 'Apply decision'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={severe}
        description="They cannot sign in meanwhile. They are told the reason and may appeal once."
        confirmLabel={actions.includes('ban') ? 'Ban' : 'Suspend'}
        destructive
        onConfirm={send}
      />
    </form>
  );
}
