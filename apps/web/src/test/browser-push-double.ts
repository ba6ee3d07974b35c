import { vi } from 'vitest';

/* A browser with service workers and web push, for the push switch's tests (jsdom has neither). */

// 65 bytes, as a P-256 public key is, in base64url.
export const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index * 7) % 256);
export const VAPID_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

export const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/**
 * A browser with service workers and push: its permission is `permission`, and asking for it
 * answers `asked`. It holds at most one subscription, gone once unsubscribed.
 */
export function browserWithPush(permission: NotificationPermission, asked: NotificationPermission) {
  let current: { endpoint: string } | null = null;
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(() => {
      current = null;
      return Promise.resolve(true);
    }),
  };
  const pushManager = {
    subscribe: vi.fn(() => {
      current = subscription;
      return Promise.resolve(subscription);
    }),
    getSubscription: vi.fn(() => Promise.resolve(current)),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(() => Promise.resolve(registration)),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(() => Promise.resolve(registration)),
  };
  // jsdom's navigator has no serviceWorker: it gets one of its own, which `forgetBrowserPush` removes.
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission,
    requestPermission: vi.fn(() => Promise.resolve(asked)),
  });
  return { serviceWorker, pushManager, subscription };
}

/** Back to jsdom's browser without push (the globals go with `vi.unstubAllGlobals`). */
export function forgetBrowserPush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
