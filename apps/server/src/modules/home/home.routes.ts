import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { homeSidebarSchema } from '@arena/shared/screens.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import type { CvService } from '../cv/cv.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { OrganizationService } from '../profiles/organization.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';

export interface HomeRoutesOptions extends Guards {
  cv: CvService;
  organization: OrganizationService;
  people: PeopleService;
  profiles: ProfilesService;
}

/** The feed's right column in one request, so the feed paints after three at most. */
export const homeRoutes: FastifyPluginAsyncZod<HomeRoutesOptions> = async (app, options) => {
  const { cv, organization, people, profiles } = options;
  const guard = guardsFor(options);

  app.get(
    '/me/home',
    {
      ...guard.signedIn,
      schema: {
        tags: ['profiles'],
        summary:
          "The feed's sidebar: your athlete CV or organisation profile (fill rate), your profile views, people to follow",
        response: { 200: homeSidebarSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [athleteCv, organizationProfile, visibility, suggestions] = await Promise.all([
        cv.find({ id: auth.profileId }, auth.profileId),
        organization.find({ id: auth.profileId }, auth),
        profiles.visibility(auth),
        people.suggestions(auth),
      ]);
      return { cv: athleteCv, organization: organizationProfile, visibility, suggestions };
    },
  );
};
