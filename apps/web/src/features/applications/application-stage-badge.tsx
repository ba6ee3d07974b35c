import { APPLICATION_STAGE_LABELS } from '@arena/shared/application.schema';
import type { ApplicationStage } from '@arena/shared/application.schema';

import { Badge } from '../../components/ui/badge.tsx';
import type { BadgeVariant } from '../../components/ui/badge.tsx';

const VARIANTS: Record<ApplicationStage, BadgeVariant> = {
  pending: 'secondary',
  viewed: 'secondary',
  shortlisted: 'default',
  trial: 'default',
  offered: 'default',
  signed: 'success',
  declined: 'destructive',
  withdrawn: 'outline',
};

/** Where an application stands, in the pipeline's words. */
export function ApplicationStageBadge({ stage }: { stage: ApplicationStage }) {
  return <Badge variant={VARIANTS[stage]}>{APPLICATION_STAGE_LABELS[stage]}</Badge>;
}
