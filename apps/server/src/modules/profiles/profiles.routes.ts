import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import {
  avatarResultSchema,
  profileDetailSchema,
  updateProfileSchema,
  usernameParamSchema,
  visibilitySchema,
} from '@arena/shared/profile.schema';

import {
  organizationProfilePatchSchema,
  organizationProfileSchema,
} from '@arena/shared/organization.schema';
import { profilePageSchema } from '@arena/shared/screens.schema';

import { requireAuth } from '../../http/authenticate.ts';
import { type Guards, guardsFor } from '../../http/guards.ts';
import { readSingleFile } from '../../http/upload-in-memory.ts';
import type { CvService } from '../cv/cv.service.ts';
import type { OrganizationService } from './organization.service.ts';
import type { ProfilesService } from './profiles.service.ts';

export interface ProfilesRoutesOptions extends Guards {
  profiles: ProfilesService;
  cv: CvService;
  organization: OrganizationService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const profilesRoutes: FastifyPluginAsyncZod<ProfilesRoutesOptions> = async (
  app,
  options,
) => {
  const { profiles, cv, organization } = options;
  const guard = guardsFor(options);

  app.get(
    '/profiles/:username',
    {
      ...guard.anyone,
      schema: {
        tags: ['profiles'],
        summary:
          "A profile with its counts, the viewer's follow state, and its athlete CV (players) or organisation profile (clubs, agents, coaches)",
        params: usernameParamSchema,
        response: { 200: profilePageSchema, ...errors },
      },
    },
    async (request) => {
      const { username } = request.params;
      const [detail, athleteCv, organizationProfile] = await Promise.all([
        profiles.detail(username, request.auth),
        cv.find({ username }, request.auth?.profileId ?? null),
        organization.find({ username }, request.auth),
      ]);
      return { ...detail, cv: athleteCv, organization: organizationProfile };
    },
  );

  app.get(
    '/profiles/:username/organization',
    {
      ...guard.anyone,
      schema: {
        tags: ['profiles'],
        summary:
          "An organisation's profile and its offers (the licence number only for the account itself and admins)",
        params: usernameParamSchema,
        response: { 200: organizationProfileSchema, ...errors },
      },
    },
    async (request) => organization.ofUsername(request.params.username, request.auth),
  );

  app.patch(
    '/me/organization',
    {
      ...guard.write,
      schema: {
        tags: ['profiles'],
        summary: "Save fields of your organisation's profile (clubs, agents, coaches)",
        body: organizationProfilePatchSchema,
        response: { 200: organizationProfileSchema, ...errors, 403: apiErrorSchema },
      },
    },
    async (request) => organization.update(requireAuth(request), request.body),
  );

  app.post(
    '/profiles/:username/views',
    {
      ...guard.write,
      schema: {
        tags: ['profiles'],
        summary: "Count a signed-in visit to someone else's profile (once per viewer per hour)",
        params: usernameParamSchema,
        response: { 200: z.object({ counted: z.boolean() }), ...errors },
      },
    },
    async (request) => ({
      counted: await profiles.recordView(request.params.username, requireAuth(request)),
    }),
  );

  app.patch(
    '/me/profile',
    {
      ...guard.write,
      schema: {
        tags: ['profiles'],
        summary: 'Edit your full name, username and bio',
        body: updateProfileSchema,
        response: { 200: profileDetailSchema, ...errors },
      },
    },
    async (request) => profiles.update(requireAuth(request), request.body),
  );

  app.put(
    '/me/avatar',
    {
      ...guard.write,
      schema: {
        tags: ['profiles'],
        summary: 'Upload a new avatar (multipart, one image file, at most 20 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResultSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const file = await readSingleFile(request, {
        maxBytes: LIMITS.avatarBytes,
        tooLarge: MESSAGES.profile.avatarTooLarge,
        missing: MESSAGES.profile.avatarNotImage,
      });
      return { avatarUrl: await profiles.setAvatar(auth, file.bytes) };
    },
  );

  app.get(
    '/me/visibility',
    {
      ...guard.signedIn,
      schema: {
        tags: ['profiles'],
        summary: 'Your profile views: total, and the last 7 days against the 7 before',
        response: { 200: visibilitySchema, 401: apiErrorSchema },
      },
    },
    async (request) => profiles.visibility(requireAuth(request)),
  );
};
