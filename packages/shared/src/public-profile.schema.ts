import { z } from 'zod';

import { AVAILABILITY_STATUSES, MEDIA_TYPES, SPORTS, USER_TYPES } from './constants.ts';
import { cvSchema } from './cv.schema.ts';
import { imageSizesSchema } from './image.schema.ts';
import { PUBLIC_PROFILE_SECTIONS } from './public-profile-settings.schema.ts';

export * from './public-profile-settings.schema.ts';

const highlightSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  mediaUrl: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  mediaImage: imageSizesSchema.nullable(),
  /** A video's poster frame; null for photos and for videos stored before posters were made. */
  posterUrl: z.string().nullable(),
  sport: z.enum(SPORTS),
  createdAt: z.iso.datetime(),
});
export type PublicHighlight = z.infer<typeof highlightSchema>;

/**
 * `GET /api/public/profiles/:username`: the name, photo and kind of member, and only the sections
 * chosen (null when not chosen). Never a contact detail, the birthdate or a private field.
 */
export const publicProfilePageSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  verified: z.boolean(),
  sections: z.array(z.enum(PUBLIC_PROFILE_SECTIONS)),
  sport: z
    .object({
      sport: z.enum(SPORTS).nullable(),
      mainPosition: z.string().nullable(),
      otherPositions: z.string().nullable(),
      heightCm: z.number().nullable(),
      weightKg: z.number().nullable(),
      nationalities: z.string().nullable(),
      /** Whole years (public profiles are adults' only); never the birthdate. */
      age: z.number().int().nullable(),
    })
    .nullable(),
  career: cvSchema.shape.career.nullable(),
  awards: cvSchema.shape.awards.nullable(),
  availability: z
    .object({
      status: z.enum(AVAILABILITY_STATUSES).nullable(),
      /** Only when the athlete shows it to everyone. */
      openToOffers: cvSchema.shape.openToOffers,
    })
    .nullable(),
  highlights: z.array(highlightSchema).nullable(),
});
export type PublicProfilePage = z.infer<typeof publicProfilePageSchema>;
