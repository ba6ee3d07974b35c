import { describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf } from '../../../test/unit/fake-of.ts';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import {
  createPushSubscriptionsService,
  isPushServiceEndpoint,
} from './push-subscriptions.service.ts';

describe('which endpoints push may be sent to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://updates-autopush.stage.mozaws.net.push.services.mozilla.com/wpush/v1/x',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
    'https://FCM.googleapis.com/fcm/send/x',
  ])('allows the push service %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, [])).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another host', 'https://evil.example/fcm.googleapis.com'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.example/x'],
    ['a look-alike prefix', 'https://evilfcm.googleapis.com/x'],
    ['the bare parent of a wildcard', 'https://push.apple.com/x'],
    ['a parent domain without the dot', 'https://xpush.services.mozilla.com/x'],
    ['credentials', 'https://user:pass@fcm.googleapis.com/x'],
    ['another port', 'https://fcm.googleapis.com:8443/x'],
    ['an internal address', 'https://127.0.0.1/x'],
    ['the metadata address', 'https://169.254.169.254/latest'],
    ['not a URL', 'fcm.googleapis.com/x'],
    ['nothing', ''],
  ])('refuses %s', (_what, endpoint) => {
    expect(isPushServiceEndpoint(endpoint, [])).toBe(false);
  });

  it('allows the extra hosts exactly, with their port', () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:9443/push', ['127.0.0.1:9443'])).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:9444/push', ['127.0.0.1:9443'])).toBe(false);
    expect(isPushServiceEndpoint('https://push.test/x', ['push.test'])).toBe(true);
    expect(isPushServiceEndpoint('http://push.test/x', ['push.test'])).toBe(false);
  });
});

describe('the push subscriptions service', () => {
  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

  it('stores a push service subscription with its keys, for the session it was turned on in', async () => {
    const save = vi.fn(() => Promise.resolve());
    const service = createPushSubscriptionsService({
      subscriptions: fakeOf<PushSubscriptionsRepository>({ save }),
    });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/x';
    await service.subscribe(
      { profileId: 'p-ana', sessionId: 's-phone' },
      { endpoint, keys, expirationTime: null },
    );
    expect(save).toHaveBeenCalledWith('p-ana', 's-phone', { endpoint, ...keys });
  });

  it('refuses any other endpoint without storing it', async () => {
    const service = createPushSubscriptionsService({
      subscriptions: fakeOf<PushSubscriptionsRepository>(),
    });
    await expectRefusal(
      service.subscribe(
        { profileId: 'p-ana', sessionId: 's-phone' },
        { endpoint: 'https://intranet.example/admin', keys },
      ),
      'bad_request',
      MESSAGES.notifications.pushEndpointForeign,
    );
  });
});
