import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AccountTokenPurpose } from './account.tables.ts';
import type { LinkClaims, LinkPurpose, Signer } from './signing-keys.ts';

const m = MESSAGES.account;

interface PurposeRules {
  /** The signed token's `typ` prefix. */
  typ: LinkPurpose;
  /** The web page the link opens. */
  page: string;
  messages: { invalid: string; expired: string; used: string };
}

const PURPOSES: Record<AccountTokenPurpose, PurposeRules> = {
  email_confirmation: {
    typ: 'email-confirmation',
    page: '/auth/confirm',
    messages: {
      invalid: m.confirmLinkInvalid,
      expired: m.confirmLinkExpired,
      used: m.confirmLinkUsed,
    },
  },
  password_reset: {
    typ: 'password-reset',
    page: '/auth/reset-password',
    messages: { invalid: m.resetLinkInvalid, expired: m.resetLinkExpired, used: m.resetLinkUsed },
  },
};

/**
 * Emailed single-use links: a signed token (purpose, account, address, expiry) naming a stored
 * row; the row is spent on use. The signature makes the link unforgeable and tells an expired
 * one from a bad one; the row makes it work once.
 */
export function createAccountLinks(repo: AccountRepository, signer: Signer, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');

  return {
    /** Page URLs for mails. */
    pageUrl: (pathname: string) => `${base}${pathname}`,

    async mint(
      purpose: AccountTokenPurpose,
      account: { id: string; email: string },
      ttlSeconds: number,
    ): Promise<string> {
      const tokenId = crypto.randomUUID();
      await repo.insertToken({
        id: tokenId,
        userId: account.id,
        purpose,
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      });
      const rules = PURPOSES[purpose];
      const token = await signer.signLink(
        rules.typ,
        { userId: account.id, email: account.email, tokenId },
        ttlSeconds,
      );
      return `${base}${rules.page}?token=${encodeURIComponent(token)}`;
    },

    /** The link's claims, or a 400 saying why it cannot be used (not valid, expired). */
    async check(purpose: AccountTokenPurpose, token: string): Promise<LinkClaims> {
      const rules = PURPOSES[purpose];
      const verdict = await signer.verifyLink(rules.typ, token);
      if (!verdict.ok) throw new AppError('bad_request', rules.messages[verdict.reason]);
      return verdict.claims;
    },

    /**
     * Spends the link inside the caller's transaction; a second use, or a link superseded since
     * (dropped), is refused. Concurrent uses: exactly one spends it.
     */
    async spend(ex: Executor, purpose: AccountTokenPurpose, claims: LinkClaims): Promise<void> {
      if (await repo.spendToken(ex, claims.tokenId, claims.userId, purpose)) return;
      const row = await repo.findToken(ex, claims.tokenId, claims.userId, purpose);
      const messages = PURPOSES[purpose].messages;
      throw new AppError('bad_request', row?.usedAt ? messages.used : messages.invalid);
    },
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
