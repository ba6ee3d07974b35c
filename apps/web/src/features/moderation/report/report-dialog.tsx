import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@arena/shared/moderation.schema';
import type { ReportReason, ReportTarget } from '@arena/shared/moderation.schema';
import { useId, useState } from 'react';
import type { ComponentProps, RefObject, SyntheticEvent } from 'react';

import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useReportMutation } from './report-queries.ts';

export interface ReportSubject {
  type: ReportTarget;
  id: string;
  /** The member whose item it is. */
  username: string;
  /** Whether the reporter already blocks them (then "Also block" is not offered). */
  blocking?: boolean | undefined;
}

const WHAT: Record<ReportTarget, string> = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  profile: 'profile',
  offer: 'offer',
  application: 'application',
};

const DETAILS_MAX = LIMITS.reportDetailsMax.toLocaleString('en-US');

/**
 * The Report dialog, opened from a menu or a button: focus goes back to `returnFocus` on closing
 * (a menu item that opened it is gone by then). Its form starts afresh at each opening.
 */
export function ReportDialog({
  subject,
  open,
  onOpenChange,
  returnFocus,
}: {
  subject: ReportSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <ReportDialogContent
          subject={subject}
          onDone={() => onOpenChange(false)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        />
      ) : null}
    </Dialog>
  );
}

/**
 * The report form: a reason, optional details, and "Also block"
 * (report and block in one step). It closes on success (with a toast); a refusal, such as the
 * hourly limit, stays in the form.
 */
function ReportDialogContent({
  subject,
  onDone,
  onCloseAutoFocus,
}: {
  subject: ReportSubject;
  onDone: () => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  const ids = {
    reason: useId(),
    details: useId(),
    counter: useId(),
    block: useId(),
    error: useId(),
  };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);
  const report = useReportMutation({ username: subject.username });
  const what = WHAT[subject.type];
  const over = details.length > LIMITS.reportDetailsMax;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    if (over) return;
    report.mutate(
      { targetType: subject.type, targetId: subject.id, reason, details, block },
      { onSuccess: onDone },
    );
  }

  const error =
    missingReason && !reason ? MESSAGES.moderation.reasonRequired : report.error?.message;
  return (
    <DialogContent
      title={`Report this ${what}`}
      description="Moderators review every report. The member is not told who reported them."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
        aria-describedby={error ? ids.error : undefined}
      >
        <fieldset className="grid gap-2" aria-invalid={missingReason && !reason ? true : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-900">
            Why are you reporting it?
          </legend>
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-checked:border-blue-600 has-checked:bg-blue-50"
            >
              <input
                type="radio"
                name={ids.reason}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                disabled={report.isPending}
                className="size-4 accent-blue-700"
              />
              <span className="font-medium text-slate-900">{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.details}>Details (optional)</Label>
          <Textarea
            id={ids.details}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            rows={3}
            aria-describedby={ids.counter}
            aria-invalid={over || undefined}
            disabled={report.isPending}
          />
          <p
            id={ids.counter}
            className={cx(
              'justify-self-end text-xs tabular-nums',
              over ? 'font-semibold text-red-700' : 'text-slate-700',
            )}
          >
            {details.length.toLocaleString('en-US')} / {DETAILS_MAX}
          </p>
        </div>
        {subject.blocking ? null : (
          <div className="flex items-start gap-3">
            <Checkbox
              id={ids.block}
              checked={block}
              onCheckedChange={(checked) => setBlock(checked === true)}
              disabled={report.isPending}
              className="mt-0.5"
            />
            <Label htmlFor={ids.block} className="font-normal">
              Also block @{subject.username}
            </Label>
          </div>
        )}
        {error ? (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <DialogActions busy={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </DialogActions>
      </form>
    </DialogContent>
  );
}
