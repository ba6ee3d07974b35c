import { eq } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { serverKeys } from './notifications.tables.ts';

export type ServerKeysRepository = ReturnType<typeof createServerKeysRepository>;

/** Server-wide keys made at first start (VAPID, the unsubscribe links' secret), by name. */
export function createServerKeysRepository(db: Database) {
  return {
    async find(name: string): Promise<{ publicKey: string; privateKey: string } | undefined> {
      const [row] = await db
        .select({ publicKey: serverKeys.publicKey, privateKey: serverKeys.privateKey })
        .from(serverKeys)
        .where(eq(serverKeys.name, name));
      return row;
    },

    /** Stores the key unless one of that name exists: the first instance to start wins. */
    async insertIfAbsent(name: string, key: { publicKey: string; privateKey: string }) {
      await db
        .insert(serverKeys)
        .values({ name, ...key })
        .onConflictDoNothing({ target: serverKeys.name });
    },
  };
}

/**
 * The key stored under `name`, made by `generate` and stored if there is none. Two instances
 * starting together may both generate one; the insert keeps the first and both read it back.
 */
export async function loadOrCreateServerKey(
  keys: ServerKeysRepository,
  name: string,
  generate: () => { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  const existing = await keys.find(name);
  if (existing) return existing;
  await keys.insertIfAbsent(name, generate());
  const stored = await keys.find(name);
  if (!stored) throw new Error(`The server key "${name}" could not be stored`);
  return stored;
}
