import { SPORT_LABELS, parseSport } from '@arena/shared/constants';
import { athleteProfileSchema } from '@arena/shared/cv.schema';
import type { Cv } from '@arena/shared/cv.schema';
import { CV_LIMITS } from '@arena/shared/limits';
import { format, parseISO } from 'date-fns';
import type { z } from 'zod';

export type AthleteValues = Cv['athlete'];
/** The fields a member edits; the age is worked out from the birthdate. */
type AthleteFieldName = Exclude<keyof AthleteValues, 'age'>;

/** A section's form validates the fields it has with the server's own rules. */
export const athleteFormSchema = athleteProfileSchema.partial();
export type AthleteFormInput = z.input<typeof athleteFormSchema>;
export type AthleteFormOutput = z.output<typeof athleteFormSchema>;

/** A field as the profile shows it (the age too, which no form edits). */
export interface AthleteViewSpec {
  name: keyof AthleteValues;
  label: string;
  display?: (value: string | number) => string;
}

export interface AthleteFieldSpec extends AthleteViewSpec {
  name: AthleteFieldName;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'date' | 'sex' | 'sport';
  maxLength?: number;
  placeholder?: string;
  /** How a saved value reads on the profile. */
  display?: (value: string | number) => string;
}

export const ABOUT_FIELDS: readonly AthleteFieldSpec[] = [
  {
    name: 'aboutPlayer',
    label: 'About the player',
    kind: 'textarea',
    maxLength: CV_LIMITS.about,
    placeholder: 'Your playing style, strengths and goals',
  },
];

export const SPORTIVE_FIELDS: readonly AthleteFieldSpec[] = [
  {
    name: 'sport',
    label: 'Sport',
    kind: 'sport',
    display: (value) => SPORT_LABELS[parseSport(String(value)) ?? 'other'],
  },
  { name: 'mainPosition', label: 'Main position', kind: 'text', maxLength: CV_LIMITS.shortText },
  {
    name: 'otherPositions',
    label: 'Other positions',
    kind: 'text',
    maxLength: CV_LIMITS.mediumText,
    placeholder: 'e.g. Shooting guard, Small forward',
  },
  {
    name: 'heightCm',
    label: 'Height (cm)',
    kind: 'number',
    display: (value) => `${value} cm`,
  },
  {
    name: 'weightKg',
    label: 'Weight (kg)',
    kind: 'number',
    display: (value) => `${value} kg`,
  },
  {
    name: 'armSpan',
    label: 'Arm span',
    kind: 'text',
    maxLength: CV_LIMITS.armSpan,
    placeholder: 'e.g. 210 cm',
  },
];

export const GENERAL_FIELDS: readonly AthleteFieldSpec[] = [
  {
    name: 'birthdate',
    label: 'Birthdate',
    kind: 'date',
    display: (value) => format(parseISO(String(value)), 'MMMM d, yyyy'),
  },
  { name: 'sex', label: 'Sex', kind: 'sex' },
  {
    name: 'nationalities',
    label: 'Nationalities',
    kind: 'text',
    maxLength: CV_LIMITS.mediumText,
    placeholder: 'e.g. Spanish, French',
  },
  {
    name: 'country',
    label: 'Country',
    kind: 'text',
    maxLength: CV_LIMITS.country,
    placeholder: 'Where you live, e.g. Portugal',
  },
  {
    name: 'city',
    label: 'City',
    kind: 'text',
    maxLength: CV_LIMITS.city,
    placeholder: 'e.g. Porto',
  },
];

/**
 * General Info as everyone but the owner sees it: the age, never the exact birthdate (the server
 * sends the date to the owner only, issue 25).
 */
export const PUBLIC_GENERAL_FIELDS: readonly AthleteViewSpec[] = [
  { name: 'age', label: 'Age', display: (value) => `${value} years old` },
  ...GENERAL_FIELDS.filter((field) => field.name !== 'birthdate'),
];

/** The form's starting values: what is saved, with blanks where nothing is. */
export function formDefaults(
  fields: readonly AthleteFieldSpec[],
  athlete: AthleteValues,
): AthleteFormInput {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const saved = athlete[field.name];
    values[field.name] = saved ?? (field.kind === 'number' ? null : '');
  }
  return values;
}

/** What an input's raw value becomes before validation: blanks are 'not given'. */
export function parseFieldValue(kind: AthleteFieldSpec['kind'], raw: unknown): unknown {
  if (kind === 'text' || kind === 'textarea') return raw;
  if (raw === '' || raw === null || raw === undefined) return null;
  if (kind === 'number') return Number(raw);
  return raw;
}

export function displayValue(field: AthleteViewSpec, value: string | number | null): string | null {
  if (value === null || value === '') return null;
  return field.display ? field.display(value) : String(value);
}
