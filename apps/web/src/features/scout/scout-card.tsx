import { SPORT_LABELS } from '@arena/shared/constants';
import type { ScoutCard as Card } from '@arena/shared/scout.schema';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

/**
 * One athlete as a scout scans them: who, sport and position, the facts, where they live, the
 * CV's fill rate.
 */
export function ScoutCard({ athlete }: { athlete: Card }) {
  const facts = [
    athlete.age === null ? null : `${athlete.age} years`,
    athlete.heightCm === null ? null : `${athlete.heightCm} cm`,
    athlete.weightKg === null ? null : `${athlete.weightKg} kg`,
    athlete.nationalities,
  ].filter(Boolean);
  // The city may be a minor's: the server sends it to verified organisations and admins only.
  const place = [athlete.city, athlete.country].filter(Boolean).join(', ');
  const role = [athlete.sport ? SPORT_LABELS[athlete.sport] : null, athlete.mainPosition]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-label={athlete.fullName}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar name={athlete.fullName} src={athlete.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <Link
            to={`/profile/${athlete.username}`}
            className={cx('font-semibold break-words text-slate-900 hover:underline', focusRing)}
          >
            {athlete.fullName}
          </Link>
          <p className="text-sm break-words text-slate-700">{role || 'Sport not given'}</p>
        </div>
      </div>
      {facts.length > 0 ? (
        <p className="text-sm break-words text-slate-800">{facts.join(' · ')}</p>
      ) : null}
      {place ? <p className="text-sm break-words text-slate-800">Based in {place}</p> : null}
      {athlete.lastClub ? (
        <p className="text-sm break-words text-slate-700">Last club: {athlete.lastClub}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2 text-xs font-semibold">
        {athlete.availabilityStatus === 'Available' ? (
          <span className="rounded-full bg-green-50 px-2 py-1 text-green-800">Available now</span>
        ) : null}
        {athlete.openTo ? (
          <span className="rounded-full bg-blue-50 px-2 py-1 text-blue-800">
            Open to offers: {athlete.openTo.join(', ')}
          </span>
        ) : null}
        <span className="rounded-full bg-slate-100 px-2 py-1 text-slate-800">
          CV {athlete.cvFillRate}% complete
        </span>
      </div>
    </article>
  );
}
