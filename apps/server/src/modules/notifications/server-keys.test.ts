import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseKinds, freshDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createServerKeysRepository } from './server-keys.repository.ts';
import { loadUnsubscribeSecret } from './unsubscribe-token.ts';
import { loadVapidKeys } from './vapid-keys.ts';

describe.each(databaseKinds)('server keys made at first start [%s]', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
  });
  afterAll(() => drop());

  it('makes the VAPID keys once, and every start after reads the same ones', async () => {
    const keys = createServerKeysRepository(database.db);
    // Two instances starting together on an empty table agree on one pair.
    const [first, second] = await Promise.all([loadVapidKeys(keys), loadVapidKeys(keys)]);
    expect(second).toEqual(first);
    // A P-256 public point (65 bytes) and private scalar (32 bytes), base64url.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(await loadVapidKeys(createServerKeysRepository(database.db))).toEqual(first);
  });

  it('makes the unsubscribe secret once, apart from the VAPID keys', async () => {
    const keys = createServerKeysRepository(database.db);
    const [first, second] = await Promise.all([
      loadUnsubscribeSecret(keys),
      loadUnsubscribeSecret(keys),
    ]);
    expect(second).toBe(first);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(first).not.toBe((await loadVapidKeys(keys)).privateKey);
    expect(await keys.find('unsubscribe')).toEqual({ publicKey: '', privateKey: first });
  });
});
