import { z } from 'zod';

import { cvSchema } from './cv.schema.ts';
import { profileCardSchema, profileDetailSchema, visibilitySchema } from './profile.schema.ts';

/*
 * What a screen needs at first paint, in one response: a screen waits on as few requests as
 * possible. Each part has its own schema and endpoint too, for refreshing it alone.
 */

/** /profile/{username}: the profile and its athlete CV. */
export const profilePageSchema = profileDetailSchema.extend({ cv: cvSchema });
export type ProfilePage = z.infer<typeof profilePageSchema>;

/** The feed's right column: your CV (for its fill rate), your visibility, people to follow. */
export const homeSidebarSchema = z.object({
  cv: cvSchema,
  visibility: visibilitySchema,
  suggestions: z.array(profileCardSchema),
});
export type HomeSidebar = z.infer<typeof homeSidebarSchema>;
