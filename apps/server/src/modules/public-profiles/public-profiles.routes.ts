import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { usernameParamSchema } from '@arena/shared/profile.schema';
import {
  publicProfileInputSchema,
  publicProfilePageSchema,
  publicProfileSettingsSchema,
} from '@arena/shared/public-profile.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { rateLimit } from '../../http/rate-limits.ts';
import type { PublicProfilesService } from './public-profiles.service.ts';

export interface PublicProfilesRoutesOptions extends Guards {
  publicProfiles: PublicProfilesService;
}

const tags = ['public profiles'];

export const publicProfilesRoutes: FastifyPluginAsyncZod<PublicProfilesRoutesOptions> = async (
  app,
  options,
) => {
  const { publicProfiles } = options;
  const guard = guardsFor(options);
  const settings = { 200: publicProfileSettingsSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/me/public-profile',
    {
      ...guard.signedIn,
      schema: {
        tags,
        summary: 'Your public profile at /p/{username}: whether it is on, what it shows',
        response: settings,
      },
    },
    async (request) => publicProfiles.settings(requireAuth(request)),
  );

  app.put(
    '/me/public-profile',
    {
      ...guard.write,
      schema: {
        tags,
        summary:
          'Turn your public profile on, or change its sections and whether search engines may show it (adults only)',
        body: publicProfileInputSchema,
        response: { ...settings, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => publicProfiles.save(requireAuth(request), request.body),
  );

  app.delete(
    '/me/public-profile',
    {
      ...guard.write,
      schema: { tags, summary: 'Turn your public profile off', response: settings },
    },
    async (request) => publicProfiles.turnOff(requireAuth(request)),
  );

  app.get(
    '/public/profiles/:username',
    {
      ...guard.anyone,
      config: {
        ...guard.anyone.config,
        rateLimit: rateLimit('publicProfile', options.rateLimits),
      },
      schema: {
        tags,
        summary:
          "A member's public profile, as /p/{username} shows it to anyone: the name, photo and chosen sections (404 when there is none to show)",
        params: usernameParamSchema,
        response: { 200: publicProfilePageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => publicProfiles.page(request.params.username),
  );
};
