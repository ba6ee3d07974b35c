import type { FastifyInstance } from 'fastify';

import { hasAvatarVariants, variantPath } from '@arena/shared/image-variants';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { type FileStorage, isValidKey } from '../storage/file-storage.ts';
import { renderCvPdf } from './cv-pdf.ts';
import { createCvRepository } from './cv.repository.ts';
import { cvRoutes } from './cv.routes.ts';
import { createCvService } from './cv.service.ts';

const AVATARS_PREFIX = '/files/avatars/';
/** The display size the PDF prints at 72 pt (twice that for a sharp print). */
const PHOTO_WIDTH = 192;

/** The profile picture as PNG for the PDF (which takes no WebP), or null without one. */
async function photoFor(storage: FileStorage, avatarUrl: string | null): Promise<Buffer | null> {
  if (!avatarUrl?.startsWith(AVATARS_PREFIX)) return null;
  const key = avatarUrl.slice(AVATARS_PREFIX.length).split('?')[0] ?? '';
  if (!isValidKey(key)) return null;
  const object = await storage.get(
    'avatars',
    hasAvatarVariants(avatarUrl) ? variantPath(key, PHOTO_WIDTH) : key,
  );
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream()) chunks.push(chunk as Buffer);
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.concat(chunks))
    .resize(PHOTO_WIDTH, PHOTO_WIDTH, { fit: 'cover' })
    .png()
    .toBuffer();
}

/**
 * A profile's sport CV (`/api/profiles/:username/cv`, its PDF, `/api/me/cv/*`). Returns the CV
 * service.
 */
export async function registerCv(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    bus: EventBus;
    guards: Guards;
    storage: FileStorage;
    publicUrl: string;
  },
) {
  const cv = createCvService(createCvRepository(deps.database.db), deps.bus);
  const pdf = async (username: string, auth: Parameters<typeof cv.forPdf>[1]) => {
    const found = await cv.forPdf(username, auth);
    return renderCvPdf({
      ...found,
      photo: await photoFor(deps.storage, found.avatarUrl),
      profileUrl: `${deps.publicUrl}/profile/${found.username}`,
      generatedOn: new Date(),
    });
  };
  await app.register(cvRoutes, { prefix: '/api', ...deps.guards, cv, pdf });
  return cv;
}
