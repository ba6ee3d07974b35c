import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { accountTypeInputSchema, accountTypeResultSchema } from '@arena/shared/account-type.schema';
import { apiErrorSchema } from '@arena/shared/api-error';
import { PAGE_SIZE } from '@arena/shared/limits';
import type { OidcProvider } from '@arena/shared/identity.schema';
import { settingsPageSchema } from '@arena/shared/settings-page.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { GuardiansService } from '../guardians/guardians.service.ts';
import type { IdentitiesService } from '../identities/identities.service.ts';
import type { MessageRequestsService } from '../messaging/message-requests.service.ts';
import type { MfaService } from '../mfa/mfa.service.ts';
import type { PublicProfilesService } from '../public-profiles/public-profiles.service.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import type { AccountTypeService } from './account-type.service.ts';

export interface SettingsRoutesOptions extends Guards {
  sessions: Pick<SessionsService, 'list'>;
  mfa: Pick<MfaService, 'list'>;
  identities: Pick<IdentitiesService, 'list'>;
  /** The configured third-party sign-in providers. */
  providers: () => OidcProvider[];
  safety: Pick<SafetyService, 'blocked' | 'muted'>;
  /** Who can message the member ("Who can message me"). */
  messagePolicy: Pick<MessageRequestsService, 'setting'>;
  accountType: AccountTypeService;
  guardians: Pick<GuardiansService, 'state'>;
  publicProfiles: Pick<PublicProfilesService, 'settings'>;
}

/**
 * The Settings page's lists in one request, so it paints after two (the session, this): each
 * part comes from the service that serves it alone, under the same rules (an aal1 token of a
 * member with a second factor is refused here as there).
 */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (
  app,
  options,
) => {
  const {
    sessions,
    mfa,
    identities,
    providers,
    safety,
    messagePolicy,
    accountType,
    guardians,
    publicProfiles,
  } = options;
  const guard = guardsFor(options);

  app.get(
    '/me/settings',
    {
      ...guard.signedIn,
      schema: {
        tags: ['auth'],
        summary:
          'The Settings page: your sessions, second factors, linked providers, the providers configured, whom you blocked and muted, who can message you, your guardian, and your public profile',
        security: [{ bearerAuth: [] }],
        response: { 200: settingsPageSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [activeSessions, factors, linked, blocked, muted, policy, guardian, publicProfile] =
        await Promise.all([
          sessions.list(auth),
          mfa.list(auth.userId),
          identities.list(auth.userId),
          safety.blocked(auth, undefined, PAGE_SIZE),
          safety.muted(auth, undefined, PAGE_SIZE),
          messagePolicy.setting(auth.profileId),
          guardians.state(auth),
          publicProfiles.settings(auth),
        ]);
      return {
        sessions: activeSessions,
        factors,
        identities: linked,
        providers: providers(),
        blocked,
        muted,
        messagePolicy: policy,
        guardian,
        publicProfile,
      };
    },
  );

  app.patch(
    '/me/account-type',
    {
      ...guard.write,
      schema: {
        tags: ['auth'],
        summary:
          'Change your account type (while unverified); a pending verification request is withdrawn',
        security: [{ bearerAuth: [] }],
        body: accountTypeInputSchema,
        response: {
          200: accountTypeResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => accountType.change(requireAuth(request), request.body.userType),
  );
};
