import { SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';

import { Badge } from '../../components/ui/badge.tsx';

export function SportBadge({ sport }: { sport: Sport }) {
  return <Badge variant="secondary">{SPORT_LABELS[sport]}</Badge>;
}
