import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { IdentitiesRepository } from './identities.repository.ts';
import { createIdentitiesService } from './identities.service.ts';

type IdentityRow = Awaited<ReturnType<IdentitiesRepository['listIdentities']>>[number];

const CREATED = new Date('2026-11-01T09:00:00Z');
const identity = (id: string, provider: string): IdentityRow => ({
  id,
  userId: 'u-1',
  provider,
  subject: `${provider}-subject`,
  email: `ana@${provider}.example`,
  createdAt: CREATED,
});

/** Google and GitHub are configured; a provider removed from the configuration signs no one in. */
const providers = {
  labelOf: (name: string) => ({ google: 'Google', github: 'GitHub' })[name] ?? name,
  isConfigured: (name: string) => name === 'google' || name === 'github',
};

function setUp(options: { hasPassword: boolean; linked: IdentityRow[]; user?: boolean }) {
  const repo = fakeOf<IdentitiesRepository>({
    transaction: fakeTransaction(),
    lockUser: vi.fn(() =>
      Promise.resolve(
        options.user === false ? undefined : { id: 'u-1', hasPassword: options.hasPassword },
      ),
    ),
    listIdentities: vi.fn(() => Promise.resolve(options.linked)),
    hasPassword: vi.fn(() => Promise.resolve(options.hasPassword)),
    deleteIdentity: vi.fn(() => Promise.resolve()),
  });
  return { repo, service: createIdentitiesService(repo, providers) };
}

describe('identities service', () => {
  it('lists the linked identities with their provider’s label, and whether there is a password', async () => {
    const { service } = setUp({
      hasPassword: false,
      linked: [identity('i-1', 'google'), identity('i-2', 'retired')],
    });
    await expect(service.list('u-1')).resolves.toEqual({
      identities: [
        {
          id: 'i-1',
          provider: 'google',
          providerLabel: 'Google',
          email: 'ana@google.example',
          createdAt: CREATED.toISOString(),
        },
        {
          id: 'i-2',
          provider: 'retired',
          providerLabel: 'retired',
          email: 'ana@retired.example',
          createdAt: CREATED.toISOString(),
        },
      ],
      hasPassword: false,
    });
  });

  it('unlinks an identity when a password remains', async () => {
    const { repo, service } = setUp({ hasPassword: true, linked: [identity('i-1', 'google')] });
    await service.unlink('u-1', 'i-1');
    expect(repo.lockUser).toHaveBeenCalledWith(TX, 'u-1');
    expect(repo.listIdentities).toHaveBeenCalledWith('u-1', TX);
    expect(repo.deleteIdentity).toHaveBeenCalledWith(TX, 'i-1');
  });

  it('unlinks an identity when another configured provider remains', async () => {
    const { repo, service } = setUp({
      hasPassword: false,
      linked: [identity('i-1', 'google'), identity('i-2', 'github')],
    });
    await service.unlink('u-1', 'i-1');
    expect(repo.deleteIdentity).toHaveBeenCalledWith(TX, 'i-1');
  });

  it('refuses to unlink the last way to sign in (an unconfigured provider does not count), deleting nothing', async () => {
    for (const linked of [
      [identity('i-1', 'google')],
      [identity('i-1', 'google'), identity('i-2', 'retired')],
    ]) {
      const { repo, service } = setUp({ hasPassword: false, linked });
      await expectRefusal(service.unlink('u-1', 'i-1'), 'conflict', MESSAGES.identities.lastMethod);
      expect(repo.deleteIdentity).not.toHaveBeenCalled();
    }
  });

  it('answers 404 for an identity that is not the member’s', async () => {
    const { repo, service } = setUp({ hasPassword: true, linked: [identity('i-1', 'google')] });
    await expectRefusal(
      service.unlink('u-1', 'i-theirs'),
      'not_found',
      MESSAGES.identities.notFound,
    );
    expect(repo.deleteIdentity).not.toHaveBeenCalled();
  });

  it('answers 401 when the account is gone', async () => {
    const { repo, service } = setUp({ hasPassword: true, linked: [], user: false });
    await expectRefusal(service.unlink('u-1', 'i-1'), 'unauthorized', MESSAGES.auth.sessionExpired);
    expect(repo.listIdentities).not.toHaveBeenCalled();
  });
});
