import { SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';

import { Badge } from '../../components/ui/badge.tsx';

export function OfferSportBadge({ sport }: { sport: Sport }) {
  return (
    <Badge variant="secondary" className="bg-blue-50 text-blue-800">
      {SPORT_LABELS[sport]}
    </Badge>
  );
}
