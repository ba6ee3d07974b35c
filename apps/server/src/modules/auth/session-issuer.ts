import type { SessionUser } from '@arena/shared/auth.schema';
import type { Role } from '@arena/shared/constants';
import type { Aal } from '@arena/shared/factor.schema';
import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { Executor } from '../../db/database.ts';
import { refuseSanctioned } from '../moderation/sanctions.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { ClientInfo, IssuedSession, SecondFactors } from './auth.service.ts';
import { hashRefreshToken, newRefreshToken } from './refresh-token.ts';
import type { Signer } from './signing-keys.ts';

/**
 * Starts or continues a session: stores the next refresh token of its family and signs the
 * access token, at the assurance level given.
 */
export function createSessionIssuer(
  repo: AuthRepository,
  signer: Signer,
  secondFactors: SecondFactors,
) {
  return async function issue(
    ex: Executor,
    user: SessionUser['user'],
    profile: SessionUser['profile'],
    roles: Role[],
    family: { id: string; persistent: boolean },
    client: ClientInfo,
    aal: Aal,
  ): Promise<IssuedSession> {
    // Every way in (password, OIDC, passkey, refresh, a confirmation link) comes through here.
    refuseSanctioned(await repo.sanctionOf(ex, user.id));
    const refreshToken = newRefreshToken();
    const lifetime = family.persistent
      ? TOKEN_LIFETIMES.refreshTokenRememberedSeconds
      : TOKEN_LIFETIMES.refreshTokenSessionSeconds;
    await repo.insertRefreshToken(ex, {
      userId: user.id,
      familyId: family.id,
      tokenHash: hashRefreshToken(refreshToken),
      persistent: family.persistent,
      expiresAt: new Date(Date.now() + lifetime * 1000),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
      aal,
    });
    // Below aal2 with a verified factor, the token is good only for the second step. Read before
    // signing: the token says what was read (second-factor-changes.ts).
    const factors = aal === 'aal1' ? await secondFactors.verifiedFactors(user.id, ex) : [];
    const access = await signer.sign({
      userId: user.id,
      profileId: profile.id,
      aal,
      sessionId: family.id,
      hadSecondFactor: aal === 'aal1' ? factors.length > 0 : undefined,
    });
    return {
      session: {
        user,
        profile,
        roles,
        accessToken: access.token,
        expiresAt: access.expiresAt.toISOString(),
        aal,
        ...(factors.length > 0 ? { mfaRequired: { factors } } : {}),
      },
      refreshToken,
      persistent: family.persistent,
    };
  };
}
