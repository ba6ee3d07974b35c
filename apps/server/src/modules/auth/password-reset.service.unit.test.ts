import { TOKEN_LIFETIMES } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { memoryMailQueue } from '../../../test/unit/memory-mail-queue.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import { createAttemptLimits } from './attempt-limits.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import type { SessionRevocations } from './session-revocations.ts';

vi.mock('./password.ts', () => import('../../../test/unit/fast-passwords.ts'));

const client = { ip: '192.0.2.7', userAgent: null };
const account = {
  id: 'u-1',
  email: 'Ana@Example.com',
  passwordHash: 'hashed:old',
  emailConfirmedAt: null,
  fullName: 'Ana Silva',
};
const claims = { userId: 'u-1', email: 'ana@example.com', tokenId: 't-1' };
const issued = { refreshToken: 'next', persistent: true } as IssuedSession;

function setUp(
  options: { requestsSoFar?: number; byEmail?: typeof account; byId?: typeof account } = {},
) {
  const repo = fakeOf<AccountRepository>({
    countAttempts: vi.fn(() => Promise.resolve(options.requestsSoFar ?? 0)),
    recordAttempt: vi.fn(() => Promise.resolve()),
    findAccountByEmail: vi.fn(() => Promise.resolve(options.byEmail)),
    findAccountById: vi.fn(() => Promise.resolve('byId' in options ? options.byId : account)),
    transaction: fakeTransaction(),
    setPassword: vi.fn(() => Promise.resolve()),
    dropUnusedTokens: vi.fn(() => Promise.resolve()),
    revokeSessions: vi.fn(() => Promise.resolve(['s-a'])),
    markEmailConfirmed: vi.fn(() => Promise.resolve()),
  });
  const links = fakeOf<AccountLinks>({
    mint: vi.fn(() => Promise.resolve('https://arena.example/auth/reset-password?token=x')),
    check: vi.fn(() => Promise.resolve(claims)),
    spend: vi.fn(() => Promise.resolve()),
    pageUrl: (pathname: string) => `https://arena.example${pathname}`,
  });
  const auth = fakeOf<AuthService>({
    grantForConfirmedEmail: vi.fn(() => Promise.resolve(false)),
    startSession: vi.fn(() => Promise.resolve(issued)),
  });
  const mail = memoryMailQueue();
  const revocations = fakeOf<SessionRevocations>({ announce: vi.fn(() => Promise.resolve()) });
  const service = createPasswordResetService({
    repo,
    links,
    limits: createAttemptLimits(repo),
    mail,
    auth,
    revocations,
  });
  return { repo, links, auth, mail, revocations, service };
}

describe('password reset service', () => {
  it('mails a link to a registered address, counting the request by lowercased address', async () => {
    const { repo, links, mail, service } = setUp({ byEmail: account });
    await service.request('ANA@example.com', client);
    expect(repo.recordAttempt).toHaveBeenCalledWith(
      'password_reset_request',
      'ana@example.com',
      '192.0.2.7',
      expect.any(Date),
    );
    const sent = await mail.sent();
    expect(repo.findAccountByEmail).toHaveBeenCalledWith('ana@example.com');
    expect(links.mint).toHaveBeenCalledWith(
      'password_reset',
      account,
      TOKEN_LIFETIMES.passwordResetSeconds,
    );
    expect(sent.map(({ purpose, message }) => [purpose, message.to, message.subject])).toEqual([
      ['password reset', 'Ana@Example.com', 'Reset your Arena password'],
    ]);
  });

  it('answers an unknown address the same way, and sends nothing', async () => {
    const { repo, links, mail, service } = setUp({ byEmail: undefined });
    await expect(service.request('nobody@example.com', client)).resolves.toBeUndefined();
    // The lookup happens after the reply, in the queue: the answer cannot depend on it.
    expect(repo.findAccountByEmail).not.toHaveBeenCalled();
    expect(await mail.sent()).toEqual([]);
    expect(links.mint).not.toHaveBeenCalled();
    expect(repo.recordAttempt).toHaveBeenCalledTimes(1);
  });

  it('refuses past the per-address limit, unknown or not, and queues nothing', async () => {
    const { repo, mail, service } = setUp({
      requestsSoFar: ACCOUNT_LIMITS.passwordResetRequestsPerEmail.max,
    });
    await expectRefusal(
      service.request('ana@example.com', client),
      'rate_limited',
      MESSAGES.account.tooManyResetRequests,
    );
    expect(repo.recordAttempt).not.toHaveBeenCalled();
    expect(mail.queued).toEqual([]);
  });

  it('sets the new password, ends every session, confirms the address and signs this browser in', async () => {
    const { repo, links, auth, mail, revocations, service } = setUp();
    const result = await service.complete(
      { token: 'link-token', password: 'a new password', remember: false },
      client,
    );
    expect(result).toBe(issued);
    expect(links.check).toHaveBeenCalledWith('password_reset', 'link-token');
    expect(links.spend).toHaveBeenCalledWith(TX, 'password_reset', claims);
    expect(repo.setPassword).toHaveBeenCalledWith(TX, 'u-1', 'hashed:a new password');
    expect(repo.dropUnusedTokens).toHaveBeenCalledWith(TX, 'u-1', 'password_reset');
    expect(repo.revokeSessions).toHaveBeenCalledWith(TX, 'u-1', null);
    expect(repo.markEmailConfirmed).toHaveBeenCalledWith(TX, 'u-1');
    expect(auth.grantForConfirmedEmail).toHaveBeenCalledWith(TX, account);
    expect(revocations.announce).toHaveBeenCalledWith(['s-a']);
    expect(auth.startSession).toHaveBeenCalledWith(
      'u-1',
      { persistent: false, aal: 'aal1' },
      client,
    );
    const sent = await mail.sent();
    expect(sent.map(({ purpose, message }) => [purpose, message.subject])).toEqual([
      ['password reset notice', 'Your Arena password was changed'],
    ]);
  });

  it('refuses a link whose account is gone or has another address now, and writes nothing', async () => {
    for (const byId of [undefined, { ...account, email: 'new@example.com' }]) {
      const { repo, auth, revocations, mail, service } = setUp({ byId });
      await expectRefusal(
        service.complete(
          { token: 'link-token', password: 'a new password', remember: true },
          client,
        ),
        'bad_request',
        MESSAGES.account.resetLinkInvalid,
      );
      expect(repo.setPassword).not.toHaveBeenCalled();
      expect(repo.revokeSessions).not.toHaveBeenCalled();
      expect(repo.markEmailConfirmed).not.toHaveBeenCalled();
      expect(revocations.announce).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
      expect(mail.queued).toEqual([]);
    }
  });

  it('passes on the link’s own refusal (expired, used) without touching the account', async () => {
    const { repo, links, service } = setUp();
    vi.mocked(links.check).mockRejectedValueOnce(
      new AppError('bad_request', MESSAGES.account.resetLinkExpired),
    );
    await expectRefusal(
      service.complete({ token: 'old', password: 'a new password', remember: true }, client),
      'bad_request',
      MESSAGES.account.resetLinkExpired,
    );
    expect(repo.transaction).not.toHaveBeenCalled();
  });
});
