import { MESSAGES } from '@arena/shared/messages';
import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '@arena/shared/moderation.schema';
import type { ModerationCase } from '@arena/shared/moderation.schema';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';

import { ListLoadFailed, ListLoading } from '../../../components/list-states.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RelativeTime } from '../../posts/relative-time.tsx';
import { plural } from '../moderation-labels.ts';
import { ActionList } from './action-list.tsx';
import { AppealDecisionForm } from './appeal-decision-form.tsx';
import { CaseItem } from './case-item.tsx';
import { DecisionForm } from './decision-form.tsx';
import { useCaseQuery } from './queue-queries.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * One case: the item in context, the reports, what was decided, the member's earlier sanctions,
 * the private notes, and the decision form while it is open (Uphold / Overturn for an appeal).
 */
export function CaseView({
  caseId,
  backHref,
  onDecided,
}: {
  caseId: string;
  /** The list the case was opened from (a phone shows one or the other). */
  backHref: string;
  onDecided: () => void;
}) {
  const query = useCaseQuery(caseId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;
  // Opened from the list: the keyboard lands on the case (on a phone the list is gone).
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Button variant="ghost" size="sm" className="self-start lg:hidden" asChild>
      <Link to={backHref}>
        <ArrowLeft className="size-4" aria-hidden />
        Back to the queue
      </Link>
    </Button>
  );
  if (query.status === 'pending') {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ListLoading label="Loading the case..." />
      </div>
    );
  }
  if (query.status === 'error') {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ListLoadFailed
          title={query.error.message || MESSAGES.moderation.loadFailed}
          retrying={query.isRefetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const found = query.data;
  return (
    <div className="flex flex-col gap-3">
      {back}
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <CaseHeader found={found} headingRef={heading} />
        <Section title="Reported item">
          <CaseItem item={found.item} />
        </Section>
        {found.reports.length > 0 ? (
          <Section title={`Reports (${found.reports.length})`}>
            <ul className="flex flex-col gap-2">
              {found.reports.map((report) => (
                <li key={report.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
                  <p className="flex flex-wrap gap-x-2">
                    <span className="font-medium text-slate-900">
                      {REPORT_REASON_LABELS[report.reason]}
                    </span>
                    <span className="text-slate-700">by {report.reporter.fullName}</span>
                    <RelativeTime iso={report.createdAt} className="text-slate-700" />
                  </p>
                  {report.details ? (
                    <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">
                      {report.details}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {found.actions.length > 0 ? (
          <Section title="Decisions on this case">
            <ActionList actions={found.actions} />
          </Section>
        ) : null}
        <Section title="Earlier sanctions">
          {found.history.length > 0 ? (
            <ActionList actions={found.history} />
          ) : (
            <p className="text-sm text-slate-700">None: a first case for this member.</p>
          )}
        </Section>
        {found.notes.length > 0 ? (
          <Section title="Private notes">
            <ul className="flex flex-col gap-2">
              {found.notes.map((note) => (
                <li key={note.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm">
                  <p className="break-words whitespace-pre-wrap text-slate-900">{note.text}</p>
                  <p className="mt-1 text-xs text-slate-700">
                    {note.admin.fullName} · <RelativeTime iso={note.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <CaseForm found={found} onDecided={onDecided} />
      </Card>
    </div>
  );
}

function CaseHeader({
  found,
  headingRef,
}: {
  found: ModerationCase;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold break-words text-slate-900 outline-none"
      >
        {found.kind === 'appeal' ? 'Appeal: ' : ''}
        {REPORT_TARGET_LABELS[found.target.type]} by {found.member.fullName} (@
        {found.member.username})
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {found.priority ? <Badge variant="destructive">Minor at risk</Badge> : null}
        <Badge variant={found.status === 'open' ? 'secondary' : 'outline'}>
          {found.status === 'open' ? 'Open' : 'Closed'}
        </Badge>
        {found.kind === 'reports' ? <span>{plural(found.reportCount, 'report')}</span> : null}
        <RelativeTime iso={found.lastReportedAt} />
      </p>
    </div>
  );
}

/** What an admin can still do: decide an open case, or an appeal waiting for a decision. */
function CaseForm({ found, onDecided }: { found: ModerationCase; onDecided: () => void }) {
  if (found.status !== 'open') return null;
  if (found.kind === 'appeal') {
    const appealed = found.actions.find((action) => action.appeal && !action.appeal.decision);
    if (!appealed?.appeal) return null;
    return (
      <AppealDecisionForm
        caseId={found.id}
        action={appealed}
        appeal={appealed.appeal}
        onDecided={onDecided}
      />
    );
  }
  return <DecisionForm caseId={found.id} member={found.member} onDecided={onDecided} />;
}
