import { describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf } from '../../../test/unit/fake-of.ts';
import type { UnsubscribeRepository } from './unsubscribe.repository.ts';
import { createUnsubscribeService } from './unsubscribe.service.ts';
import { signUnsubscribe } from './unsubscribe-token.ts';

const SECRET = 'the-installation-secret-for-unsubscribe-links';
const PROFILE = '7a0c7a43-64a2-4c53-9d0e-6d1f7b0f2a11';

function setUp(currentEmail: string | undefined) {
  const repository = fakeOf<UnsubscribeRepository>({
    currentEmail: vi.fn(() => Promise.resolve(currentEmail)),
    turnEmailOff: vi.fn(() => Promise.resolve()),
    turnDailyOff: vi.fn(() => Promise.resolve()),
  });
  return { repository, service: createUnsubscribeService({ repository, secret: SECRET }) };
}

describe('one-click unsubscribe', () => {
  it("turns off the email of the link's kind, and says which", async () => {
    const { repository, service } = setUp('Ana@Arena.test');
    const token = signUnsubscribe(SECRET, {
      profileId: PROFILE,
      kind: 'application',
      email: 'ana@arena.test',
    });
    expect(await service.unsubscribe(token)).toEqual({
      kind: 'application',
      label: 'Applications to your offers',
    });
    expect(repository.turnEmailOff).toHaveBeenCalledWith(PROFILE, 'application');
    expect(repository.turnDailyOff).not.toHaveBeenCalled();
  });

  it("turns off the daily digest with the digest's link", async () => {
    const { repository, service } = setUp('ana@arena.test');
    const token = signUnsubscribe(SECRET, {
      profileId: PROFILE,
      kind: 'daily',
      email: 'ana@arena.test',
    });
    expect(await service.unsubscribe(token)).toEqual({ kind: 'daily', label: 'The daily digest' });
    expect(repository.turnDailyOff).toHaveBeenCalledWith(PROFILE);
    expect(repository.turnEmailOff).not.toHaveBeenCalled();
  });

  it.each([
    ['the account uses another address now', 'new@arena.test'],
    ['the profile is gone', undefined],
  ])('changes nothing when %s', async (_why, current) => {
    const { repository, service } = setUp(current);
    const token = signUnsubscribe(SECRET, {
      profileId: PROFILE,
      kind: 'like',
      email: 'ana@arena.test',
    });
    await expectRefusal(
      service.unsubscribe(token),
      'bad_request',
      MESSAGES.notifications.unsubscribeInvalid,
    );
    expect(repository.turnEmailOff).not.toHaveBeenCalled();
    expect(repository.turnDailyOff).not.toHaveBeenCalled();
  });

  it('refuses a token another installation signed without looking anything up', async () => {
    const { repository, service } = setUp('ana@arena.test');
    const token = signUnsubscribe('another-secret', {
      profileId: PROFILE,
      kind: 'like',
      email: 'ana@arena.test',
    });
    await expectRefusal(
      service.unsubscribe(token),
      'bad_request',
      MESSAGES.notifications.unsubscribeInvalid,
    );
    expect(repository.currentEmail).not.toHaveBeenCalled();
  });
});
