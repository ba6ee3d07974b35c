import { z } from 'zod';

import { myIdentitiesSchema, oidcProviderSchema } from './identity.schema.ts';
import { messagePolicySettingSchema } from './message.schema.ts';
import { factorListSchema } from './mfa.schema.ts';
import { guardianStateSchema } from './minors.schema.ts';
import { publicProfileSettingsSchema } from './public-profile-settings.schema.ts';
import { restrictedProfilePageSchema } from './safety.schema.ts';
import { activeSessionSchema } from './sessions.schema.ts';

/**
 * /settings at first paint, in one response (`GET /api/me/settings`): what its sections list.
 * Each part is also served alone, as its own endpoint answers it, for refreshing after a change.
 * Apart from screens.schema.ts so that the feed, which loads that module, does not load these.
 */
export const settingsPageSchema = z.object({
  /** `GET /api/auth/sessions`'s list: the devices signed in, the current one marked. */
  sessions: z.array(activeSessionSchema),
  /** `GET /api/auth/factors`: second factors and recovery codes left. */
  factors: factorListSchema,
  /** `GET /api/me/identities`: linked providers, and whether there is a password. */
  identities: myIdentitiesSchema,
  /** `GET /api/auth/oidc/providers`' list: the providers configured on this server. */
  providers: z.array(oidcProviderSchema),
  /** `GET /api/me/blocked`'s and `/api/me/muted`'s first pages (PAGE_SIZE each). */
  blocked: restrictedProfilePageSchema,
  muted: restrictedProfilePageSchema,
  /** `PUT /api/me/message-policy`'s answer: who can message you, and whether you are under 18. */
  messagePolicy: messagePolicySettingSchema,
  /** `GET /api/me/guardian`: an under-18 athlete's guardian (Settings → Guardian). */
  guardian: guardianStateSchema,
  /** `GET /api/me/public-profile`: the public profile's settings (Settings → Public profile). */
  publicProfile: publicProfileSettingsSchema,
});
export type SettingsPage = z.infer<typeof settingsPageSchema>;
