import { afterEach, describe, expect, it, vi } from 'vitest';

import { readPushState, subscribeToPush, unsubscribeFromPush } from './browser-push.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

// 65 bytes, as a P-256 public key is, in base64url.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index * 7) % 256);
const VAPID_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser with service workers and push, its permission `permission`. */
function browserWithPush(permission: NotificationPermission, asked: NotificationPermission) {
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
  let current: typeof subscription | null = null;
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
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission,
    requestPermission: vi.fn(() => Promise.resolve(asked)),
  });
  return { serviceWorker, pushManager, subscription };
}

describe('browser push', () => {
  it('is unsupported without service workers and PushManager (jsdom has neither)', async () => {
    expect(await readPushState()).toBe('unsupported');
    expect(await subscribeToPush(VAPID_KEY)).toBe('unsupported');
  });

  it('is denied when the browser blocks notifications, and off until granted', async () => {
    browserWithPush('denied', 'denied');
    expect(await readPushState()).toBe('denied');
    expect(await subscribeToPush(VAPID_KEY)).toBe('denied');
    const { pushManager } = browserWithPush('default', 'default');
    expect(await readPushState()).toBe('off');
    expect(await subscribeToPush(VAPID_KEY)).toBe('off');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('registers the worker, asks, and subscribes with the server key as bytes', async () => {
    const { serviceWorker, pushManager } = browserWithPush('default', 'granted');
    const result = await subscribeToPush(VAPID_KEY);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect([...new Uint8Array(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(typeof result === 'string' ? result : result.input).toEqual(SUBSCRIPTION_JSON);
  });

  it('is on while subscribed, and ends the subscription when turned off', async () => {
    const { subscription } = browserWithPush('granted', 'granted');
    expect(await readPushState()).toBe('off');
    await subscribeToPush(VAPID_KEY);
    expect(await readPushState()).toBe('on');
    expect(await unsubscribeFromPush()).toBe(SUBSCRIPTION_JSON.endpoint);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
