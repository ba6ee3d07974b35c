import { createCampSchema } from '@arena/shared/camp.schema';
import type { Camp, CreateCampInput } from '@arena/shared/camp.schema';
import { z } from 'zod';

import { isoToLocal, localToIso } from '../../offers/post/date-time-local.ts';

/**
 * The camp form as typed: every control's text (numbers as the number fields give them, the
 * deadline as a `datetime-local` value), turned into what `createCampSchema` takes and checked
 * by it, so the form says exactly what the server would.
 */
const typed = z.object({
  title: z.string(),
  sport: z.string(),
  organizer: z.string(),
  description: z.string(),
  online: z.boolean(),
  venue: z.string(),
  city: z.string(),
  country: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  ageMin: z.string(),
  ageMax: z.string(),
  level: z.string(),
  price: z.string(),
  currency: z.string(),
  capacity: z.string(),
  registrationDeadline: z.string(),
  whatToBring: z.string(),
  contact: z.string(),
});
export type CampFormInput = z.input<typeof typed>;

/** '' is no number; anything else is read as one (text that is none fails the shared check). */
const numberOrNull = (value: string): number | null =>
  value.trim() === '' ? null : Number(value.trim());

function toCampInput(values: CampFormInput): CreateCampInput {
  const place = (value: string) => (values.online ? null : value);
  const price = numberOrNull(values.price) ?? 0;
  return {
    title: values.title,
    // Unchosen selects leave the shared schema's own "please select" messages to speak.
    sport: (values.sport || undefined) as CreateCampInput['sport'],
    organizer: values.organizer,
    description: values.description,
    online: values.online,
    venue: place(values.venue),
    city: place(values.city),
    country: place(values.country),
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    ageMin: numberOrNull(values.ageMin),
    ageMax: numberOrNull(values.ageMax),
    level: (values.level || undefined) as CreateCampInput['level'],
    price,
    // A free camp has no currency.
    currency: (price === 0 ? null : values.currency || null) as CreateCampInput['currency'],
    capacity: numberOrNull(values.capacity) as number,
    registrationDeadline:
      values.registrationDeadline === ''
        ? null
        : (localToIso(values.registrationDeadline) ?? 'invalid'),
    whatToBring: values.whatToBring,
    contact: values.contact,
  };
}

export const campFormSchema = typed.transform(toCampInput).pipe(createCampSchema);
export type CampFormValues = z.output<typeof campFormSchema>;

export const EMPTY_CAMP: CampFormInput = {
  title: '',
  sport: '',
  organizer: '',
  description: '',
  online: false,
  venue: '',
  city: '',
  country: '',
  startsOn: '',
  endsOn: '',
  ageMin: '',
  ageMax: '',
  level: '',
  price: '',
  currency: 'EUR',
  capacity: '',
  registrationDeadline: '',
  whatToBring: '',
  contact: '',
};

/** The form filled with a posted camp, to edit it. */
export function campFormValues(camp: Camp): CampFormInput {
  const text = (value: string | null) => value ?? '';
  const number = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: camp.title,
    sport: camp.sport,
    organizer: camp.organizer,
    description: camp.description,
    online: camp.online,
    venue: text(camp.venue),
    city: text(camp.city),
    country: text(camp.country),
    startsOn: camp.startsOn,
    endsOn: camp.endsOn,
    ageMin: number(camp.ageMin),
    ageMax: number(camp.ageMax),
    level: camp.level,
    price: camp.price === 0 ? '' : String(camp.price),
    currency: camp.currency ?? 'EUR',
    capacity: String(camp.capacity),
    registrationDeadline: isoToLocal(camp.registrationDeadline),
    whatToBring: text(camp.whatToBring),
    contact: camp.contact,
  };
}
