import { z } from 'zod';

import { fullNameSchema, usernameSchema } from './auth.schema.ts';
import { USER_TYPES } from './constants.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';

/** The few fields every mention of a person shows: avatar, name, tick, @username. */
export const profileSummarySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  verified: z.boolean(),
  userType: z.enum(USER_TYPES),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** A person in a list (Discover, followers, suggestions), with the viewer's follow state. */
export const profileCardSchema = profileSummarySchema.extend({
  bio: z.string().nullable(),
  isFollowing: z.boolean(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;
export const profileCardPageSchema = pageSchema(profileCardSchema);
export type ProfileCardPage = z.infer<typeof profileCardPageSchema>;

export const profileDetailSchema = profileSummarySchema.extend({
  bio: z.string().nullable(),
  createdAt: z.iso.datetime(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  isOwn: z.boolean(),
  isFollowing: z.boolean(),
  /** The viewer blocked this member (false for visitors and on one's own profile). */
  blocking: z.boolean(),
  /** The viewer muted this member. */
  muting: z.boolean(),
  /** Shown to the owner only; null for everyone else. */
  profileViews: z.number().int().nullable(),
  /** Videos the member pinned to their Highlights: the page asks for them only when there are some. */
  highlightsCount: z.number().int(),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;

const bioSchema = z
  .string()
  .trim()
  .max(LIMITS.bioMax, MESSAGES.validation.bioMax)
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const updateProfileSchema = z.object({
  fullName: fullNameSchema,
  username: usernameSchema,
  bio: bioSchema.default(null),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const followResultSchema = z.object({
  following: z.boolean(),
  followersCount: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;

export const usernameParamSchema = z.object({ username: z.string().min(1).max(64) });

export const searchQuerySchema = z.object({
  q: z.string().trim().min(LIMITS.searchMinChars).max(100),
});
export const searchResultsSchema = z.array(profileSummarySchema);

export const discoverQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const visibilitySchema = z.object({
  totalViews: z.number().int(),
  last7Days: z.number().int(),
  previous7Days: z.number().int(),
  /** Percent change of the last 7 days over the 7 before; null when there were none before. */
  growthPercent: z.number().nullable(),
});
export type Visibility = z.infer<typeof visibilitySchema>;

export const avatarResultSchema = z.object({ avatarUrl: z.string() });
