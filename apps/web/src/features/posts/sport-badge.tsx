import { POST_SPORT_LABELS } from '@arena/shared/constants';
import type { PostSport } from '@arena/shared/constants';

import { Badge } from '../../components/ui/badge.tsx';

export function SportBadge({ sport }: { sport: PostSport }) {
  return <Badge variant="secondary">{POST_SPORT_LABELS[sport]}</Badge>;
}
