import { createScholarshipSchema } from '@arena/shared/scholarship.schema';
import type { CreateScholarshipInput, Scholarship } from '@arena/shared/scholarship.schema';
import { z } from 'zod';

import { isoToLocal, localToIso } from '../../offers/post/date-time-local.ts';

/**
 * The form as typed: every control's text (numbers as the number fields give them, the deadline
 * as a `datetime-local` value), turned into what `createScholarshipSchema` takes and checked by
 * it, so the form says exactly what the server would.
 */
const typed = z.object({
  title: z.string(),
  institution: z.string(),
  sport: z.string(),
  country: z.string(),
  level: z.string(),
  coverage: z.string(),
  amount: z.string(),
  places: z.string(),
  ageMin: z.string(),
  ageMax: z.string(),
  academicRequirements: z.string(),
  positions: z.string(),
  deadline: z.string(),
  description: z.string(),
  howToApply: z.string(),
});
export type ScholarshipFormInput = z.input<typeof typed>;

/** '' is no number; anything else is read as one (text that is none fails the shared check). */
const numberOrNull = (value: string): number | null =>
  value.trim() === '' ? null : Number(value.trim());

function toScholarshipInput(values: ScholarshipFormInput): CreateScholarshipInput {
  return {
    ...values,
    // Unchosen selects leave the shared schema's own "please select" messages to speak.
    sport: (values.sport || undefined) as CreateScholarshipInput['sport'],
    level: (values.level || undefined) as CreateScholarshipInput['level'],
    coverage: (values.coverage || undefined) as CreateScholarshipInput['coverage'],
    places: numberOrNull(values.places) as number,
    ageMin: numberOrNull(values.ageMin),
    ageMax: numberOrNull(values.ageMax),
    deadline: localToIso(values.deadline) ?? '',
  };
}

export const scholarshipFormSchema = typed
  .transform(toScholarshipInput)
  .pipe(createScholarshipSchema);
export type ScholarshipFormValues = z.output<typeof scholarshipFormSchema>;

export const EMPTY_SCHOLARSHIP: ScholarshipFormInput = {
  title: '',
  institution: '',
  sport: '',
  country: '',
  level: '',
  coverage: '',
  amount: '',
  places: '1',
  ageMin: '',
  ageMax: '',
  academicRequirements: '',
  positions: '',
  deadline: '',
  description: '',
  howToApply: '',
};

/** The form filled with a posted scholarship, to edit it. */
export function scholarshipFormValues(s: Scholarship): ScholarshipFormInput {
  const text = (value: string | null) => value ?? '';
  const number = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: s.title,
    institution: s.institution,
    sport: s.sport,
    country: s.country,
    level: s.level,
    coverage: s.coverage,
    amount: text(s.amount),
    places: String(s.places),
    ageMin: number(s.ageMin),
    ageMax: number(s.ageMax),
    academicRequirements: text(s.academicRequirements),
    positions: text(s.positions),
    deadline: isoToLocal(s.deadline),
    description: s.description,
    howToApply: text(s.howToApply),
  };
}
