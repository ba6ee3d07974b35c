import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  KEY_BYTES,
  SUBSCRIPTION_JSON,
  VAPID_KEY,
  browserWithPush,
  forgetBrowserPush,
} from '../../test/browser-push-double.ts';
import {
  endPushWithSession,
  readPushState,
  subscribeToPush,
  unsubscribeFromPush,
} from './browser-push.ts';

afterEach(() => {
  forgetBrowserPush();
  vi.unstubAllGlobals();
});

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

  it('ends the subscription when the session ends, not when there was none to begin with', async () => {
    const { subscription } = browserWithPush('granted', 'granted');
    await subscribeToPush(VAPID_KEY);
    let state: { status: string; reason?: string } = { status: 'signed-in' };
    const listeners = new Set<() => void>();
    const stop = endPushWithSession({
      getState: () => state,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const change = (next: typeof state) => {
      state = next;
      for (const listener of listeners) listener();
    };
    change({ status: 'signed-out', reason: 'none' });
    await vi.waitFor(() => expect(subscription.unsubscribe).not.toHaveBeenCalled());
    change({ status: 'signed-in' });
    change({ status: 'signed-out', reason: 'signed-out' });
    await vi.waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
    stop();
  });
});
