import type { FastifyInstance } from 'fastify';

import { hasAvatarVariants, variantPath } from '@arena/shared/image-variants';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { type FileStorage, isValidKey } from '../storage/file-storage.ts';
import { closeCvPdfPool, drawCvPdf } from './cv-pdf-pool.ts';
import { createCvRepository } from './cv.repository.ts';
import { cvRoutes } from './cv.routes.ts';
import { createCvService } from './cv.service.ts';

const AVATARS_PREFIX = '/files/avatars/';
/** The display size for a photo printed at 72 pt (over twice that, for a sharp print). */
const PHOTO_WIDTH = 192;

/** The stored profile picture at the size the PDF prints (the pool turns it into PNG). */
async function storedPhoto(
  storage: FileStorage,
  avatarUrl: string | null,
): Promise<Uint8Array | null> {
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
  return new Uint8Array(Buffer.concat(chunks));
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
    /** After any change to an athlete's CV (saved searches' alerts look again). */
    onCvChange?: () => Promise<void>;
  },
) {
  const cv = createCvService(createCvRepository(deps.database.db), deps.bus, deps.onCvChange);
  const pdf = async (username: string, auth: Parameters<typeof cv.forPdf>[1]) => {
    const found = await cv.forPdf(username, auth);
    return drawCvPdf({
      fullName: found.fullName,
      username: found.username,
      cv: found.cv,
      storedPhoto: await storedPhoto(deps.storage, found.avatarUrl),
      profileUrl: `${deps.publicUrl}/profile/${found.username}`,
      generatedOn: new Date().toISOString(),
    });
  };
  app.addHook('onClose', closeCvPdfPool);
  await app.register(cvRoutes, { prefix: '/api', ...deps.guards, cv, pdf });
  return cv;
}
