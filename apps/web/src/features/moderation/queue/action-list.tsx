import type { ModerationActionEntry } from '@arena/shared/moderation.schema';

import { RelativeTime } from '../../posts/relative-time.tsx';
import { actionPhrase } from '../moderation-labels.ts';

const APPEAL_STATE = {
  upheld: 'Appeal upheld',
  overturned: 'Appeal overturned',
} as const;

/** Actions taken, as the admins see them: what, why, by whom, when, and any appeal. */
export function ActionList({ actions }: { actions: readonly ModerationActionEntry[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {actions.map((action) => (
        <li key={action.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <p className="font-medium text-slate-900">{actionPhrase(action)}</p>
          <p className="break-words whitespace-pre-wrap text-slate-800">{action.reason}</p>
          <p className="mt-1 text-xs text-slate-700">
            {action.admin.fullName} · <RelativeTime iso={action.createdAt} />
          </p>
          {action.appeal ? (
            <div className="mt-2 rounded-md bg-slate-50 px-2 py-1.5">
              <p className="text-xs font-semibold text-slate-800">
                {action.appeal.decision ? APPEAL_STATE[action.appeal.decision] : 'Appealed'}
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-800">{action.appeal.text}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
