import { z } from 'zod';

import { cvSchema } from './cv.schema.ts';
import { organizationProfileSchema } from './organization.schema.ts';
import { profileCardSchema, profileDetailSchema, visibilitySchema } from './profile.schema.ts';

/*
 * What a screen needs at first paint, in one response: a screen waits on as few requests as
 * possible. Each part has its own schema and endpoint too, for refreshing it alone.
 */

/**
 * /profile/{username}: the profile with its athlete CV (players) or its organisation profile
 * (clubs, agents, coaches); the other one is null.
 */
export const profilePageSchema = profileDetailSchema.extend({
  cv: cvSchema.nullable(),
  organization: organizationProfileSchema.nullable(),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;

/**
 * The feed's right column: your athlete CV or organisation profile (for its fill rate; the
 * other is null), your visibility, people to follow.
 */
export const homeSidebarSchema = z.object({
  cv: cvSchema.nullable(),
  organization: organizationProfileSchema.nullable(),
  visibility: visibilitySchema,
  suggestions: z.array(profileCardSchema),
});
export type HomeSidebar = z.infer<typeof homeSidebarSchema>;
