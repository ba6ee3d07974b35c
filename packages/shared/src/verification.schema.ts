import { z } from 'zod';

import { fullNameSchema, emailSchema } from './auth.schema.ts';
import { ORGANIZATION_TYPES, VERIFICATION_STATUSES } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { cursorQuerySchema, pageSchema } from './pagination.schema.ts';

const m = MESSAGES.verification;

function optional(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);
}

export const verificationRequestInputSchema = z.object({
  fullName: fullNameSchema,
  organizationName: z
    .string({ error: m.organizationRequired })
    .trim()
    .min(1, m.organizationRequired)
    .max(120, m.organizationMax),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: m.typeRequired }),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9 ()./-]{6,30}$/, m.phoneInvalid)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  website: z
    .string()
    .trim()
    .max(200, m.websiteInvalid)
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
      m.websiteInvalid,
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  officialContact: optional(200, m.contactMax),
  additionalInfo: optional(1000, m.additionalInfoMax),
});
export type VerificationRequestInput = z.input<typeof verificationRequestInputSchema>;

const verificationRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(VERIFICATION_STATUSES),
  createdAt: z.iso.datetime(),
  fullName: z.string(),
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  officialContact: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  profile: z.object({ id: z.uuid(), username: z.string(), avatarUrl: z.string().nullable() }),
  reviewedAt: z.iso.datetime().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** How many requests each status holds, for the admin's tabs. */
const verificationCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type VerificationCounts = z.infer<typeof verificationCountsSchema>;

export const verificationRequestPageSchema = pageSchema(verificationRequestSchema).extend({
  counts: verificationCountsSchema,
});
export type VerificationRequestPage = z.infer<typeof verificationRequestPageSchema>;

/** The admin's list: newest first, of one status when `status` is given. */
export const verificationListQuerySchema = cursorQuerySchema.extend({
  status: z.enum(VERIFICATION_STATUSES).optional(),
});

/** The caller's own verification state, for the Get Verified button. */
export const myVerificationSchema = z.object({
  verified: z.boolean(),
  /** The latest request's status, or null when none was ever made. */
  status: z.enum(VERIFICATION_STATUSES).nullable(),
  canRequest: z.boolean(),
});
export type MyVerification = z.infer<typeof myVerificationSchema>;

export const verificationDecisionSchema = z.enum(['approve', 'reject', 'disapprove']);
export type VerificationDecision = z.infer<typeof verificationDecisionSchema>;
