import type {
  createApplicationSchema,
  CreateApplicationInput,
  Offer,
} from '@arena/shared/offer.schema';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';

export type ApplyFormValues = z.output<typeof createApplicationSchema>;
export type ApplyFormControl = Control<CreateApplicationInput, unknown, ApplyFormValues>;

/**
 * What the Apply button and dialog need of what is applied to: an offer, or a scholarship with
 * its institution and country in the offer's places (a scholarship is an offer of its own kind).
 */
export type ApplyTarget = Pick<
  Offer,
  'id' | 'title' | 'organizationName' | 'location' | 'sport' | 'appliedByMe' | 'closedReason'
> & { poster: Pick<Offer['poster'], 'id'> };
