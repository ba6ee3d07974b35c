import { CONTRACT_TYPES, OFFER_FORM_SPORTS } from '@arena/shared/constants';
import type { createOfferSchema, CreateOfferInput } from '@arena/shared/offer.schema';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

import { OFFER_SPORT_LABELS } from '../offer-sports.ts';

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

/** The form's sports (spec section 5): basketball, football, tennis, other. */
export const SPORT_OPTIONS = OFFER_FORM_SPORTS.map((sport) => ({
  value: sport,
  label: OFFER_SPORT_LABELS[sport],
}));

export const CONTRACT_OPTIONS = CONTRACT_TYPES.map((type) => ({ value: type, label: type }));
