import { pluralNoun } from '@arena/shared/plural';
import type { Visibility } from '@arena/shared/profile.schema';
import { Eye, TrendingDown, TrendingUp } from 'lucide-react';

import { useVisibilityQuery } from '../../profile/profile-queries.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { SidebarSkeleton } from './sidebar-skeleton.tsx';

/** '+25% this week', '-10% this week', 'New' (views this week, none the week before), or none. */
export function growthLabel({ growthPercent, last7Days }: Visibility): string | null {
  if (growthPercent === null) return last7Days > 0 ? 'New' : null;
  const sign = growthPercent > 0 ? '+' : '';
  return `${sign}${growthPercent}% this week`;
}

/** The signed-in member's profile views, and how this week compares with the last. */
export function VisibilityCard({ ready = true }: { ready?: boolean }) {
  const visibility = useVisibilityQuery({ enabled: ready });
  return (
    <Card className="p-5" role="region" aria-labelledby="visibility-heading">
      <h2 id="visibility-heading" className="font-semibold text-slate-900">
        Profile visibility
      </h2>
      {visibility.isPending ? (
        <SidebarSkeleton label="Loading your profile views..." lines={1} />
      ) : visibility.isError ? (
        <p className="mt-2 text-sm text-slate-700">Your profile views are unavailable right now.</p>
      ) : (
        <Views visibility={visibility.data} />
      )}
    </Card>
  );
}

function Views({ visibility }: { visibility: Visibility }) {
  const growth = growthLabel(visibility);
  const falling = (visibility.growthPercent ?? 0) < 0;
  const Icon = falling ? TrendingDown : TrendingUp;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <p className="flex items-center gap-2 text-slate-700">
        <Eye className="size-5 text-blue-700" aria-hidden />
        <span>
          <span className="text-2xl font-bold text-slate-900" data-testid="total-views">
            {visibility.totalViews}
          </span>{' '}
          {pluralNoun(visibility.totalViews, 'profile view')}
        </span>
      </p>
      {growth ? (
        <span
          className={cx(
            'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
            falling ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {growth}
        </span>
      ) : (
        <span className="text-xs text-slate-700">No views this week yet</span>
      )}
    </div>
  );
}
