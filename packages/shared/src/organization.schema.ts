import { z } from 'zod';

import { SPORTS, USER_TYPES } from './constants.ts';
import { ORGANIZATION_LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES.organization;
const L = ORGANIZATION_LIMITS;

/*
 * An organisation's profile (club, agent, coach): what players have as an athlete CV.
 * Sports come from the product's sport list (the offers' list).
 */

/** Optional free text: trimmed, blank becomes null, bounded. */
function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const organizationWebsiteSchema = z
  .string()
  .trim()
  .max(L.website, m.websiteInvalid)
  .refine((value) => value === '' || isWebAddress(value), m.websiteInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable();

const foundedYearSchema = z
  .number({ error: m.foundedYearRange })
  .int(m.foundedYearRange)
  .min(L.foundedYearMin, m.foundedYearRange)
  .refine((year) => year <= new Date().getUTCFullYear(), m.foundedYearRange)
  .nullable();

const organizationFieldsSchema = z.object({
  about: optionalText(L.about, m.aboutMax),
  sports: z
    .array(z.enum(SPORTS, { error: m.sportInvalid }), { error: m.sportInvalid })
    .max(SPORTS.length, m.sportInvalid)
    // Each sport once, in the list's order.
    .transform((chosen) => SPORTS.filter((sport) => chosen.includes(sport))),
  city: optionalText(L.city, m.cityMax),
  country: optionalText(L.country, m.countryMax),
  league: optionalText(L.league, m.leagueMax),
  website: organizationWebsiteSchema,
  /** Clubs only. */
  foundedYear: foundedYearSchema,
  /** Agents and coaches only; shown to the account itself and to admins, never to others. */
  licenceNumber: optionalText(L.licenceNumber, m.licenceMax),
});

/** Saving sends the fields that changed. */
export const organizationProfilePatchSchema = organizationFieldsSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, m.nothingToSave);
export type OrganizationProfilePatch = z.input<typeof organizationProfilePatchSchema>;
export type OrganizationFields = z.output<typeof organizationFieldsSchema>;

const organizationOfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sport: z.enum(SPORTS),
  location: z.string(),
  createdAt: z.iso.datetime(),
});

/** An organisation's profile as the API returns it. */
export const organizationProfileSchema = z.object({
  userType: z.enum(USER_TYPES),
  about: z.string().nullable(),
  sports: z.array(z.enum(SPORTS)),
  city: z.string().nullable(),
  country: z.string().nullable(),
  league: z.string().nullable(),
  website: z.string().nullable(),
  foundedYear: z.number().int().nullable(),
  /** Present for the account itself and for admins only; others never receive the key. */
  licenceNumber: z.string().nullable().optional(),
  /** Its offers, newest first, each with its own page at /offers/{id}. */
  offers: z.array(organizationOfferSchema),
  /** The owner's organisation fill rate (percent); null for everyone else. */
  fillRate: z.number().int().min(0).max(100).nullable(),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;
