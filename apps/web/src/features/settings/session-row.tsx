import type { ActiveSession } from '@arena/shared/sessions.schema';
import { format, formatDistanceToNow } from 'date-fns';
import { Monitor, Smartphone } from 'lucide-react';

import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';

/** One signed-in device: what it is, where from, when; End for any but this one. */
export function SessionRow({
  session,
  onEnd,
}: {
  session: ActiveSession;
  onEnd: (session: ActiveSession) => void;
}) {
  const Icon = session.mobile ? Smartphone : Monitor;
  const lastUsed = new Date(session.lastUsedAt);
  const created = new Date(session.createdAt);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{session.device}</span>
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm break-words text-slate-700">
            {session.ip ?? 'Unknown address'}
            {' · '}
            Last active{' '}
            <time dateTime={session.lastUsedAt} title={format(lastUsed, 'PPpp')}>
              {formatDistanceToNow(lastUsed, { addSuffix: true })}
            </time>
          </p>
          <p className="text-sm text-slate-700">
            Signed in{' '}
            <time dateTime={session.createdAt} title={format(created, 'PPpp')}>
              {format(created, 'PP')}
            </time>
            {session.remembered ? ' · Remembered' : null}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`End session: ${session.device}`}
          onClick={() => onEnd(session)}
        >
          End
        </Button>
      )}
    </li>
  );
}
