import type { FastifyInstance } from 'fastify';

import type { Guards } from '../../http/guards.ts';
import type { CvService } from '../cv/cv.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { OrganizationService } from '../profiles/organization.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { homeRoutes } from './home.routes.ts';

/** The feed's sidebar in one request (`/api/me/home`), from the services that serve each part. */
export async function registerHome(
  app: FastifyInstance,
  deps: {
    guards: Guards;
    profiles: ProfilesService;
    people: PeopleService;
    cv: CvService;
    organization: OrganizationService;
  },
) {
  const { guards, ...services } = deps;
  await app.register(homeRoutes, { prefix: '/api', ...guards, ...services });
}
