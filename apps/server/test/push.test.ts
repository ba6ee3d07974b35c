import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { createPushSender } from '../src/modules/notifications/push-sender.ts';
import { createPushSubscriptionsRepository } from '../src/modules/notifications/push-subscriptions.repository.ts';
import { createPushSubscriptionsService } from '../src/modules/notifications/push-subscriptions.service.ts';
import { createServerKeysRepository } from '../src/modules/notifications/server-keys.repository.ts';
import { loadVapidKeys, type VapidKeys } from '../src/modules/notifications/vapid-keys.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { expectRefusal } from './unit/app-errors.ts';
import { type PushReceiver, startPushReceiver } from './push-receiver.ts';

const SUBJECT = 'mailto:contact@arena.test';
const payload = {
  title: 'Arena',
  body: 'Ana López and 2 others liked your post',
  url: '/posts/3d2f0c1e-0000-4000-8000-000000000001',
  tag: 'like:3d2f0c1e-0000-4000-8000-000000000001',
};

/** The VAPID public key (an uncompressed P-256 point, base64url) as a key jose can verify with. */
async function vapidVerifier(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  return importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
}

describeEachDatabase('web push', (context) => {
  let receiver: PushReceiver;
  let vapid: VapidKeys;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    vapid = await loadVapidKeys(createServerKeysRepository(context().database.db));
  });
  afterAll(() => receiver.close());

  const repository = () => createPushSubscriptionsRepository(context().database.db);
  const sender = () =>
    createPushSender({
      vapid,
      subject: SUBJECT,
      subscriptions: repository(),
      agent: receiver.agent,
    });

  it('sends an encrypted notice signed with the VAPID key to each browser of the member', async () => {
    const ana = (await signUp(context())).session.profile.id;
    const phone = receiver.browser('/push/ana-phone');
    const laptop = receiver.browser('/push/ana-laptop');
    for (const browser of [phone, laptop])
      await repository().save(ana, null, { endpoint: browser.endpoint, ...browser.keys });

    expect(await sender().sendToProfile(ana, payload, { urgency: 'high' })).toEqual({
      sent: 2,
      removed: 0,
    });

    for (const browser of [phone, laptop]) {
      const request = receiver.received.find((r) => receiver.origin + r.path === browser.endpoint);
      if (!request) throw new Error(`nothing reached ${browser.endpoint}`);
      expect(request.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: String(24 * 60 * 60),
        urgency: 'high',
      });
      // The topic is the tag's hash: base64url, at most 32 characters (RFC 8030).
      expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? '');
      expect(match?.[2]).toBe(vapid.publicKey);
      const { payload: claims } = await jwtVerify(
        match![1]!,
        await vapidVerifier(vapid.publicKey),
        {
          audience: receiver.origin,
          algorithms: ['ES256'],
        },
      );
      expect(claims.sub).toBe(SUBJECT);
      // Only this browser's keys open it.
      expect(JSON.parse(browser.decrypt(request.body))).toEqual(payload);
      expect(request.body.toString('utf8')).not.toContain('liked');
    }
  });

  it('deletes a subscription the push service says is gone, and keeps the others', async () => {
    const bo = (await signUp(context())).session.profile.id;
    const kept = receiver.browser('/push/bo-kept');
    const gone = receiver.browser('/push/bo-gone');
    const missing = receiver.browser('/push/bo-missing');
    receiver.answer('/push/bo-gone', 410);
    receiver.answer('/push/bo-missing', 404);
    for (const browser of [kept, gone, missing])
      await repository().save(bo, null, { endpoint: browser.endpoint, ...browser.keys });

    expect(await sender().sendToProfile(bo, payload)).toEqual({ sent: 1, removed: 2 });
    expect((await repository().listFor(bo)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
  });

  it('throws on any other failure so that the job retries, and keeps the subscription', async () => {
    const cy = (await signUp(context())).session.profile.id;
    const busy = receiver.browser('/push/cy-busy');
    receiver.answer('/push/cy-busy', 503);
    await repository().save(cy, null, { endpoint: busy.endpoint, ...busy.keys });

    await expect(sender().sendToProfile(cy, payload)).rejects.toMatchObject({ statusCode: 503 });
    expect(await repository().listFor(cy)).toHaveLength(1);
  });

  it('clips long texts so that the payload stays under the push services’ 4 KB', async () => {
    const ed = (await signUp(context())).session.profile.id;
    const browser = receiver.browser('/push/ed');
    await repository().save(ed, null, { endpoint: browser.endpoint, ...browser.keys });
    const long = { ...payload, title: 'T'.repeat(500), body: 'Ü'.repeat(3000) };
    expect(await sender().sendToProfile(ed, long)).toEqual({ sent: 1, removed: 0 });
    const request = receiver.received.find((r) => r.path === '/push/ed');
    const shown = JSON.parse(browser.decrypt(request!.body)) as typeof payload;
    expect(shown.title).toBe(`${'T'.repeat(119)}…`);
    expect(shown.body).toBe(`${'Ü'.repeat(399)}…`);
    expect(shown.url).toBe(payload.url);
    expect(request!.body.length).toBeLessThan(4096);
  });

  it('sends nothing to a member without a browser', async () => {
    const di = (await signUp(context())).session.profile.id;
    const before = receiver.received.length;
    expect(await sender().sendToProfile(di, payload)).toEqual({ sent: 0, removed: 0 });
    expect(receiver.received).toHaveLength(before);
  });

  it('refuses a subject push services cannot reach at start', () => {
    expect(() =>
      createPushSender({ vapid, subject: 'contact@arena.test', subscriptions: repository() }),
    ).toThrow();
  });
});

describeEachDatabase('push subscriptions', (context) => {
  const service = (extraHosts: string[] = []) =>
    createPushSubscriptionsService({
      subscriptions: createPushSubscriptionsRepository(context().database.db),
      extraHosts,
    });
  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';

  it('moves an endpoint to whoever turns push on in that browser last', async () => {
    const ana = { profileId: (await signUp(context())).session.profile.id };
    const bo = { profileId: (await signUp(context())).session.profile.id };
    await service().subscribe(ana, { endpoint, keys });
    await service().subscribe(ana, { endpoint, keys });
    expect(await service().listFor(ana.profileId)).toEqual([
      expect.objectContaining({ endpoint, ...keys }),
    ]);

    const newKeys = { p256dh: 'C'.repeat(87), auth: 'D'.repeat(22) };
    await service().subscribe(bo, { endpoint, keys: newKeys });
    expect(await service().listFor(ana.profileId)).toEqual([]);
    expect(await service().listFor(bo.profileId)).toEqual([
      expect.objectContaining({ endpoint, ...newKeys }),
    ]);

    // Turning push off touches only one's own browser.
    await service().unsubscribe(ana.profileId, endpoint);
    expect(await service().listFor(bo.profileId)).toHaveLength(1);
    await service().unsubscribe(bo.profileId, endpoint);
    expect(await service().listFor(bo.profileId)).toEqual([]);
  });

  it('refuses an endpoint that is not a browser push service, storing nothing', async () => {
    const cy = { profileId: (await signUp(context())).session.profile.id };
    for (const foreign of ['https://evil.example/push', 'https://127.0.0.1:9443/push']) {
      await expectRefusal(
        service().subscribe(cy, { endpoint: foreign, keys }),
        'bad_request',
        MESSAGES.notifications.pushEndpointForeign,
      );
    }
    expect(await service().listFor(cy.profileId)).toEqual([]);
    // PUSH_ENDPOINT_HOSTS lets a test's receiver in.
    await service(['127.0.0.1:9443']).subscribe(cy, {
      endpoint: 'https://127.0.0.1:9443/push',
      keys,
    });
    expect(await service().listFor(cy.profileId)).toHaveLength(1);
  });
});
