import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '@arena/shared/moderation.schema';
import type { ModerationCaseSummary } from '@arena/shared/moderation.schema';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { RelativeTime } from '../../posts/relative-time.tsx';
import { plural } from '../moderation-labels.ts';

/**
 * One line of the queue, a link that opens the case: "Minor at risk" on a priority case, what
 * was reported and whose it is, the reasons with their counts, an excerpt, and when.
 */
export function CaseSummaryCard({
  summary,
  selected,
  href,
}: {
  summary: ModerationCaseSummary;
  selected: boolean;
  href: string;
}) {
  const what = REPORT_TARGET_LABELS[summary.target.type];
  const appeal = summary.kind === 'appeal';
  return (
    <Link
      to={href}
      aria-current={selected ? 'true' : undefined}
      className={cx(
        'flex flex-col gap-2 rounded-xl border bg-white p-3 text-sm hover:border-blue-400 sm:p-4',
        selected ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
        focusRing,
      )}
    >
      <span className="flex flex-wrap items-center gap-2">
        {summary.priority ? <Badge variant="destructive">Minor at risk</Badge> : null}
        {appeal ? <Badge variant="secondary">Appeal</Badge> : null}
        <span className="font-semibold text-slate-900">
          {what} by {summary.member.fullName}
        </span>
        <span className="text-slate-700">@{summary.member.username}</span>
      </span>
      {appeal ? null : (
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-slate-800">
          <span className="font-medium">{plural(summary.reportCount, 'report')}</span>
          {summary.reasons.map(({ reason, count }) => (
            <span key={reason}>
              {REPORT_REASON_LABELS[reason]} ({count})
            </span>
          ))}
        </span>
      )}
      {summary.excerpt ? (
        <span className="line-clamp-2 break-words text-slate-700">{summary.excerpt}</span>
      ) : null}
      <RelativeTime iso={summary.lastReportedAt} className="text-xs text-slate-700" />
    </Link>
  );
}
