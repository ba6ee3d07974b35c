import webPush from 'web-push';

import { loadOrCreateServerKey, type ServerKeysRepository } from './server-keys.repository.ts';

/** The key pair push services know this installation by (RFC 8292), both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Loads the VAPID keys, generating them at the first start. They live in the database, not in
 * the configuration, so every instance signs alike, and a browser's subscription (made for one
 * public key) keeps working across restarts and deploys.
 */
export async function loadVapidKeys(keys: ServerKeysRepository): Promise<VapidKeys> {
  return loadOrCreateServerKey(keys, 'vapid', () => webPush.generateVAPIDKeys());
}
