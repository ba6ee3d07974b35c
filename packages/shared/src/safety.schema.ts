import { z } from 'zod';

import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';

/*
 * Blocking and muting. A member a viewer blocked cannot see the viewer's profile or posts (a 404,
 * as if they did not exist), follow, message, comment on, like or apply to the viewer's offers,
 * and the follows between them end. A muted member's posts and notifications disappear for the
 * viewer only; the muted member notices nothing.
 */

export const blockResultSchema = z.object({ blocking: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;

export const muteResultSchema = z.object({ muting: z.boolean() });
export type MuteResult = z.infer<typeof muteResultSchema>;

/** A member in Settings → Blocked: whom, and since when. */
const restrictedProfileSchema = profileSummarySchema.extend({ since: z.iso.datetime() });
export type RestrictedProfile = z.infer<typeof restrictedProfileSchema>;
export const restrictedProfilePageSchema = pageSchema(restrictedProfileSchema);
export type RestrictedProfilePage = z.infer<typeof restrictedProfilePageSchema>;
