import type { OfferSport } from '@arena/shared/constants';

import { Badge } from '../../components/ui/badge.tsx';
import { OFFER_SPORT_LABELS } from './offer-sports.ts';

export function OfferSportBadge({ sport }: { sport: OfferSport }) {
  return (
    <Badge variant="secondary" className="bg-blue-50 text-blue-800">
      {OFFER_SPORT_LABELS[sport]}
    </Badge>
  );
}
