import type { FastifyInstance } from 'fastify';

import type { Signer } from '../auth/signing-keys.ts';
import type { FileStorage } from './file-storage.ts';
import { filesRoutes } from './files.routes.ts';

/** Stored files: public buckets as they are, private ones by a signed grant (`/files/*`). */
export async function registerStorage(
  app: FastifyInstance,
  deps: { storage: FileStorage; signer: Signer },
) {
  const { storage, signer } = deps;
  await app.register(filesRoutes, {
    prefix: '/files',
    storage,
    verifyGrant: (token) => signer.verifyFile(token),
  });
}
