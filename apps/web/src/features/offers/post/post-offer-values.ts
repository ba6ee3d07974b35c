import { CONTRACT_TYPES, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { createOfferSchema } from '@arena/shared/offer.schema';
import type { Offer } from '@arena/shared/offer.schema';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';

import { isoToLocal, localToIso } from './date-time-local.ts';

/**
 * The post form as typed: the deadline as a `datetime-local` value and the places as the number
 * field's text, turned into what `createOfferSchema` takes (an ISO moment, a whole number).
 */
export const postOfferFormSchema = createOfferSchema.extend({
  deadline: z
    .string()
    .transform((value): string | null | undefined =>
      value === '' ? null : (localToIso(value) ?? 'invalid'),
    )
    .pipe(createOfferSchema.shape.deadline),
  places: z
    .string()
    .trim()
    .transform((value): number | null | undefined => (value === '' ? null : Number(value)))
    .pipe(createOfferSchema.shape.places),
});
export type PostOfferInput = z.input<typeof postOfferFormSchema>;
export type PostOfferValues = z.output<typeof postOfferFormSchema>;

/** A blank form; Sport and Contract Type start unchosen. */
export const EMPTY_OFFER: DefaultValues<PostOfferInput> = {
  title: '',
  organizationName: '',
  location: '',
  leagueLevel: '',
  positions: '',
  salary: '',
  description: '',
  requirements: '',
  deadline: '',
  places: '',
};

/** The form filled with a posted offer, to edit it. */
export function offerFormValues(offer: Offer): PostOfferInput {
  return {
    title: offer.title,
    organizationName: offer.organizationName,
    location: offer.location,
    leagueLevel: offer.leagueLevel ?? '',
    sport: offer.sport,
    positions: offer.positions,
    contractType: offer.contractType,
    salary: offer.salary,
    description: offer.description,
    requirements: offer.requirements ?? '',
    deadline: isoToLocal(offer.deadline),
    places: offer.places === null ? '' : String(offer.places),
  };
}

/** The form's sports: the product's whole list (issue 20; the spec's form had four). */
export const SPORT_OPTIONS = SPORTS.map((sport) => ({
  value: sport,
  label: SPORT_LABELS[sport],
}));

export const CONTRACT_OPTIONS = CONTRACT_TYPES.map((type) => ({ value: type, label: type }));

/** Where a posted offer stands, as its badge says it. */
export function offerState(offer: Offer): 'Open' | 'Closed' | 'Deadline passed' | 'Full' {
  switch (offer.closedReason) {
    case null:
      return 'Open';
    case 'closed':
      return 'Closed';
    case 'deadline':
      return 'Deadline passed';
    case 'full':
      return 'Full';
  }
}
