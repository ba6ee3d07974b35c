import { existsSync } from 'node:fs';
import path from 'node:path';

import { expect, it } from 'vitest';

import type { Camp } from '@arena/shared/camp.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';

import { postJson } from './account-helpers.ts';
import { campsHelpers, dayFromToday } from './camps-fixtures.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { png } from './upload-attack-files.ts';
import { unzip } from './zip.ts';

/** Camps in a member's data: the export lists them, deleting the account takes them away. */
describeEachDatabase('camps in the account data', (context) => {
  const { inject, verifiedClub, postCamp, register, view, uploadPhoto, moveDays } =
    campsHelpers(context);
  const deleteAccount = (user: SignedUp) =>
    postJson(context(), '/api/me/account-deletion', { password: user.input.password }, user.bearer);

  it('exports the camps a member posted and their registrations', async () => {
    const club = await verifiedClub();
    const camp = await postCamp(club, { title: 'Exported camp' });
    const member = await signUp(context());
    await register(member, camp.id, 'booked');

    const files = async (user: SignedUp) => {
      const response = await inject('GET', '/api/me/data-export', user);
      expect(response.statusCode, response.body).toBe(200);
      const entries = await unzip(response.rawPayload);
      return (name: string) => JSON.parse(entries.get(name)?.toString() ?? 'null') as unknown;
    };
    const clubFiles = await files(club);
    expect(clubFiles('camps.json')).toMatchObject([{ id: camp.id, title: 'Exported camp' }]);
    expect(clubFiles('camp-registrations.json')).toEqual([]);
    const memberFiles = await files(member);
    expect(memberFiles('camps.json')).toEqual([]);
    expect(memberFiles('camp-registrations.json')).toMatchObject([
      { camp_id: camp.id, status: 'booked', camp_title: 'Exported camp' },
    ]);
  });

  it('deletes an organiser’s camps with their image files, and frees a member’s places', async () => {
    const club = await verifiedClub();
    const photo = await uploadPhoto(club, await png(40, 30));
    const withImage = await postCamp(club, { imageUploadId: photo.id });
    const stored = path.join(context().dataDir, 'storage', photo.url.replace(/^\/files\//, ''));
    expect(existsSync(stored)).toBe(true);

    const other = await verifiedClub();
    const camp = await postCamp(other, { capacity: 1 });
    const started = await postCamp(other, { capacity: 2 });
    const member = await signUp(context());
    const waiting = await signUp(context());
    expect((await register(member, camp.id, 'booked')).statusCode).toBe(200);
    expect((await register(waiting, camp.id, 'booked')).statusCode).toBe(200);
    expect((await register(member, started.id, 'booked')).statusCode).toBe(200);
    expect((await register(member, withImage.id, 'booked')).statusCode).toBe(200);
    await moveDays(started.id, dayFromToday(-1), dayFromToday(2));

    expect((await deleteAccount(member)).statusCode).toBe(204);
    // The place at the camp to come goes to the waiting list, who is told; the one under way frees.
    expect(await view(waiting, camp.id)).toMatchObject({
      placesLeft: 0,
      waitlistCount: 0,
      myRegistration: { status: 'booked' },
    });
    const notices = (await inject('GET', '/api/notifications', waiting)).json<NotificationPage>();
    expect(notices.items.map((n) => n.subject)).toMatchObject([
      { id: camp.id, change: 'promoted' },
    ]);
    expect((await view(null, started.id)).placesLeft).toBe(2);

    expect((await deleteAccount(club)).statusCode).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect((await inject('GET', `/api/camps/${withImage.id}`, null)).statusCode).toBe(404);
    expect((await inject('GET', `/api/camps/${camp.id}`, null)).json<Camp>().id).toBe(camp.id);
  });
});
