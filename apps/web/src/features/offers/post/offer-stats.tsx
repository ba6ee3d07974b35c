import type { MyOffers } from '@arena/shared/offer.schema';
import { Briefcase, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import { Card } from '../../../components/ui/card.tsx';

/** Total Offers and Total Applications (the sum over the poster's offers). */
export function OfferStats({ data }: { data: MyOffers | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Stat icon={Briefcase} label="Total Offers" value={data?.totalOffers} />
      <Stat icon={Users} label="Total Applications" value={data?.totalApplications} />
    </dl>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: number | undefined;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
        <Icon className="size-4 text-blue-700" aria-hidden />
        {label}
      </dt>
      <dd className="text-2xl font-bold text-slate-900">{value ?? '–'}</dd>
    </Card>
  );
}
