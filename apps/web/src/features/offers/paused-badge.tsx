import { PauseCircle } from 'lucide-react';

import { Badge } from '../../components/ui/badge.tsx';

/** The poster is no longer verified: the offer is hidden from the grid and takes no applications. */
export function PausedBadge() {
  return (
    <Badge
      variant="outline"
      className="gap-1 border-amber-300 bg-amber-50 text-amber-900"
      title="Hidden from Find Athlete Offers and closed to applications until your account is verified again"
    >
      <PauseCircle className="size-3.5" aria-hidden />
      Paused
    </Badge>
  );
}
