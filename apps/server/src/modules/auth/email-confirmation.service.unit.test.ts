import { TOKEN_LIFETIMES } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { memoryMailQueue } from '../../../test/unit/memory-mail-queue.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { AccountLinks } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';
import { createAttemptLimits } from './attempt-limits.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import { createEmailConfirmationService } from './email-confirmation.service.ts';

const client = { ip: '192.0.2.7', userAgent: null };
const account = {
  id: 'u-1',
  email: 'Ana@Example.com',
  passwordHash: 'hash',
  emailConfirmedAt: null as Date | null,
  fullName: 'Ana Silva',
};
const claims = { userId: 'u-1', email: 'ana@example.com', tokenId: 't-1' };
const issued = { refreshToken: 'r', persistent: true } as IssuedSession;
const LINK = 'https://arena.example/auth/confirm?token=x';

function setUp(
  options: {
    required?: boolean;
    adminEmail?: boolean;
    resendsSoFar?: number;
    byEmail?: typeof account;
    byId?: typeof account;
  } = {},
) {
  const repo = fakeOf<AccountRepository>({
    countAttempts: vi.fn(() => Promise.resolve(options.resendsSoFar ?? 0)),
    recordAttempt: vi.fn(() => Promise.resolve()),
    findAccountByEmail: vi.fn(() => Promise.resolve(options.byEmail)),
    findAccountById: vi.fn(() => Promise.resolve('byId' in options ? options.byId : account)),
    transaction: fakeTransaction(),
    markEmailConfirmed: vi.fn(() => Promise.resolve()),
    dropUnusedTokens: vi.fn(() => Promise.resolve()),
  });
  const links = fakeOf<AccountLinks>({
    mint: vi.fn(() => Promise.resolve(LINK)),
    check: vi.fn(() => Promise.resolve(claims)),
    spend: vi.fn(() => Promise.resolve()),
  });
  const auth = fakeOf<AuthService>({
    isAdminEmail: vi.fn(() => options.adminEmail ?? false),
    grantForConfirmedEmail: vi.fn(() => Promise.resolve(true)),
    startSession: vi.fn(() => Promise.resolve(issued)),
  });
  const mail = memoryMailQueue();
  const service = createEmailConfirmationService({
    repo,
    links,
    limits: createAttemptLimits(repo),
    mail,
    auth,
    required: options.required ?? true,
  });
  return { repo, links, auth, mail, service };
}

describe('email confirmation service', () => {
  it('sends the link at sign-up, minted in the job for the account as it is then', async () => {
    const { repo, links, mail, service } = setUp();
    await service.sendLink({ id: 'u-1', email: 'Ana@Example.com', fullName: 'Ana Silva' });
    expect(links.mint).not.toHaveBeenCalled();
    const sent = await mail.sent();
    expect(repo.findAccountById).toHaveBeenCalledWith('u-1');
    expect(links.mint).toHaveBeenCalledWith(
      'email_confirmation',
      account,
      TOKEN_LIFETIMES.emailConfirmationSeconds,
    );
    expect(sent.map(({ purpose, message }) => [purpose, message.to, message.subject])).toEqual([
      ['email confirmation', 'Ana@Example.com', 'Confirm your email address for Arena'],
    ]);
    expect(sent[0]?.message.text).toContain(LINK);
  });

  it('resends to an account still waiting, counting the request by lowercased address', async () => {
    const { repo, mail, service } = setUp({ byEmail: account });
    await service.resend('ANA@example.com', client);
    expect(repo.recordAttempt).toHaveBeenCalledWith(
      'confirmation_resend',
      'ana@example.com',
      '192.0.2.7',
      expect.any(Date),
    );
    const sent = await mail.sent();
    expect(repo.findAccountByEmail).toHaveBeenCalledWith('ana@example.com');
    expect(sent.map(({ purpose }) => purpose)).toEqual(['email confirmation (resend)']);
  });

  it('sends nothing for an unknown address or one already confirmed, with the same answer', async () => {
    for (const byEmail of [undefined, { ...account, emailConfirmedAt: new Date() }]) {
      const { links, mail, service } = setUp({ byEmail });
      await expect(service.resend('ana@example.com', client)).resolves.toBeUndefined();
      expect(await mail.sent()).toEqual([]);
      expect(links.mint).not.toHaveBeenCalled();
    }
  });

  it('without required confirmation, resends only to an address in ADMIN_EMAILS', async () => {
    const plain = setUp({ required: false, adminEmail: false, byEmail: account });
    await plain.service.resend('ana@example.com', client);
    expect(plain.auth.isAdminEmail).toHaveBeenCalledWith('ana@example.com');
    expect(plain.mail.queued).toEqual([]);

    const admin = setUp({ required: false, adminEmail: true, byEmail: account });
    await admin.service.resend('ana@example.com', client);
    expect((await admin.mail.sent()).length).toBe(1);
  });

  it('refuses past the per-address limit, and queues nothing', async () => {
    const { repo, mail, service } = setUp({
      resendsSoFar: ACCOUNT_LIMITS.confirmationResendsPerEmail.max,
    });
    await expectRefusal(
      service.resend('ana@example.com', client),
      'rate_limited',
      MESSAGES.account.tooManyConfirmationRequests,
    );
    expect(repo.recordAttempt).not.toHaveBeenCalled();
    expect(mail.queued).toEqual([]);
  });

  it('confirms the address, grants what it brings, drops other links and signs the owner in', async () => {
    const { repo, links, auth, service } = setUp();
    await expect(service.confirm('link-token', client)).resolves.toBe(issued);
    expect(links.check).toHaveBeenCalledWith('email_confirmation', 'link-token');
    expect(links.spend).toHaveBeenCalledWith(TX, 'email_confirmation', claims);
    expect(repo.markEmailConfirmed).toHaveBeenCalledWith(TX, 'u-1');
    expect(auth.grantForConfirmedEmail).toHaveBeenCalledWith(TX, account);
    expect(repo.dropUnusedTokens).toHaveBeenCalledWith(TX, 'u-1', 'email_confirmation');
    expect(auth.startSession).toHaveBeenCalledWith(
      'u-1',
      { persistent: true, aal: 'aal1' },
      client,
    );
  });

  it('refuses a link for an account that is gone or changed its address, confirming nothing', async () => {
    for (const byId of [undefined, { ...account, email: 'other@example.com' }]) {
      const { repo, auth, service } = setUp({ byId });
      await expectRefusal(
        service.confirm('link-token', client),
        'bad_request',
        MESSAGES.account.confirmLinkInvalid,
      );
      expect(repo.markEmailConfirmed).not.toHaveBeenCalled();
      expect(auth.grantForConfirmedEmail).not.toHaveBeenCalled();
      expect(auth.startSession).not.toHaveBeenCalled();
    }
  });
});
