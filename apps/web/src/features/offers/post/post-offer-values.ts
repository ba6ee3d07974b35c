import { CONTRACT_TYPES, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { createOfferSchema, CreateOfferInput } from '@arena/shared/offer.schema';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

export type PostOfferValues = z.output<typeof createOfferSchema>;

/** A blank form; Sport and Contract Type start unchosen. */
export const EMPTY_OFFER: DefaultValues<CreateOfferInput> = {
  title: '',
  organizationName: '',
  location: '',
  leagueLevel: '',
  positions: '',
  salary: '',
  description: '',
  requirements: '',
};

/** The form's sports: the product's whole list (issue 20; the spec's form had four). */
export const SPORT_OPTIONS = SPORTS.map((sport) => ({
  value: sport,
  label: SPORT_LABELS[sport],
}));

export const CONTRACT_OPTIONS = CONTRACT_TYPES.map((type) => ({ value: type, label: type }));
