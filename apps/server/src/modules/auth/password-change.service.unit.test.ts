import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { memoryMailQueue } from '../../../test/unit/memory-mail-queue.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import { createAttemptLimits } from './attempt-limits.ts';
import { createPasswordChangeService } from './password-change.service.ts';
import { hashRefreshToken } from './refresh-token.ts';
import type { SessionRevocations } from './session-revocations.ts';

vi.mock('./password.ts', () => import('../../../test/unit/fast-passwords.ts'));

const client = { ip: '192.0.2.7', userAgent: null };
const account = {
  id: 'u-1',
  email: 'Ana@Example.com',
  passwordHash: 'hashed:old password',
  emailConfirmedAt: null,
  fullName: 'Ana Silva',
};
const LIMIT = ACCOUNT_LIMITS.wrongCurrentPasswordsPerAccount;

function setUp(options: { wrongSoFar?: number; found?: typeof account | undefined } = {}) {
  const repo = fakeOf<AccountRepository>({
    countAttempts: vi.fn(() => Promise.resolve(options.wrongSoFar ?? 0)),
    recordAttempt: vi.fn(() => Promise.resolve()),
    clearAttempts: vi.fn(() => Promise.resolve()),
    findAccountById: vi.fn(() => Promise.resolve('found' in options ? options.found : account)),
    findLiveFamily: vi.fn(() => Promise.resolve('s-here')),
    transaction: fakeTransaction(),
    setPassword: vi.fn(() => Promise.resolve()),
    revokeSessions: vi.fn(() => Promise.resolve(['s-a', 's-b'])),
    dropUnusedTokens: vi.fn(() => Promise.resolve()),
  });
  const links = fakeOf<AccountLinks>({
    pageUrl: (pathname: string) => `https://arena.example${pathname}`,
  });
  const mail = memoryMailQueue();
  const revocations = fakeOf<SessionRevocations>({ announce: vi.fn(() => Promise.resolve()) });
  const service = createPasswordChangeService({
    repo,
    links,
    limits: createAttemptLimits(repo),
    mail,
    revocations,
  });
  return { repo, mail, revocations, service };
}

const input = { currentPassword: 'old password', newPassword: 'a new password' };

describe('password change service', () => {
  it('stores the new password, ends every other session, drops reset links and tells the owner', async () => {
    const { repo, mail, revocations, service } = setUp();
    await service.change('u-1', input, 'refresh-token', client);
    expect(repo.clearAttempts).toHaveBeenCalledWith('wrong_current_password', 'u-1');
    expect(repo.findLiveFamily).toHaveBeenCalledWith('u-1', hashRefreshToken('refresh-token'));
    expect(repo.setPassword).toHaveBeenCalledWith(TX, 'u-1', 'hashed:a new password');
    expect(repo.revokeSessions).toHaveBeenCalledWith(TX, 'u-1', 's-here');
    expect(repo.dropUnusedTokens).toHaveBeenCalledWith(TX, 'u-1', 'password_reset');
    expect(revocations.announce).toHaveBeenCalledWith(['s-a', 's-b']);
    const sent = await mail.sent();
    expect(sent.map(({ purpose, message }) => [purpose, message.to, message.subject])).toEqual([
      ['password change notice', 'Ana@Example.com', 'Your Arena password was changed'],
    ]);
    expect(sent[0]?.message.text).toContain('https://arena.example/auth/forgot-password');
  });

  it('ends every session when no refresh token comes with the change', async () => {
    const { repo, service } = setUp();
    await service.change('u-1', input, undefined, client);
    expect(repo.findLiveFamily).not.toHaveBeenCalled();
    expect(repo.revokeSessions).toHaveBeenCalledWith(TX, 'u-1', null);
  });

  it('refuses a wrong current password, counts it, and changes nothing', async () => {
    const { repo, mail, revocations, service } = setUp({ wrongSoFar: LIMIT.max - 1 });
    const message = MESSAGES.account.currentPasswordWrong;
    await expectRefusal(
      service.change('u-1', { ...input, currentPassword: 'guess' }, undefined, client),
      'validation_failed',
      message,
      { currentPassword: message },
    );
    expect(repo.recordAttempt).toHaveBeenCalledWith(
      'wrong_current_password',
      'u-1',
      '192.0.2.7',
      expect.any(Date),
    );
    expect(repo.clearAttempts).not.toHaveBeenCalled();
    expect(repo.setPassword).not.toHaveBeenCalled();
    expect(repo.revokeSessions).not.toHaveBeenCalled();
    expect(revocations.announce).not.toHaveBeenCalled();
    expect(mail.queued).toEqual([]);
  });

  it('refuses at the limit of wrong current passwords before checking this one, even the right one', async () => {
    const { repo, service } = setUp({ wrongSoFar: LIMIT.max });
    await expectRefusal(
      service.change('u-1', input, undefined, client),
      'rate_limited',
      MESSAGES.account.tooManyWrongPasswords,
    );
    expect(repo.countAttempts).toHaveBeenCalledWith(
      'wrong_current_password',
      'u-1',
      expect.any(Date),
    );
    expect(repo.findAccountById).not.toHaveBeenCalled();
    expect(repo.setPassword).not.toHaveBeenCalled();
  });

  it('answers 401 when the account is gone', async () => {
    const { repo, service } = setUp({ found: undefined });
    await expectRefusal(
      service.change('u-1', input, undefined, client),
      'unauthorized',
      MESSAGES.auth.sessionExpired,
    );
    expect(repo.setPassword).not.toHaveBeenCalled();
  });
});
