import {
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { errors as joseErrors } from 'jose';

import type { Aal } from '@arena/shared/factor.schema';
import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { AuthRepository } from './auth.repository.ts';

const ALG = 'ES256';
const ISSUER = 'arena';
const AUDIENCE = 'arena-api';
/** RFC 9068 access-token type: a refresh or ID token cannot be passed off as one. */
const TYPE = 'at+jwt';
const FILE_TYPE = 'file+jwt';
const FILE_AUDIENCE = 'arena-files';
/** Emailed links: each purpose has its own `typ`, so a token minted for one never passes as another. */
const LINK_AUDIENCE = 'arena-links';
export type LinkPurpose = 'email-confirmation' | 'password-reset' | 'guardian-confirmation';
const DEVICE_TYPE = 'device+jwt';
const DEVICE_AUDIENCE = 'arena-device';

interface AccessClaims {
  userId: string;
  profileId: string;
  /** Assurance level: 'aal2' once a second factor or a passkey was used. */
  aal: Aal;
  /** The session (refresh-token family) the token was issued to; ending it ends the token. */
  sessionId: string;
  /**
   * Whether the member had a verified second factor when an aal1 token was issued (the `fac`
   * claim), so that checking it needs no query while it cannot have changed. Undefined: not said
   * (aal2 tokens, and tokens issued before the claim existed).
   */
  hadSecondFactor?: boolean | undefined;
}

export interface VerifiedAccess extends Omit<AccessClaims, 'hadSecondFactor'> {
  hadSecondFactor: boolean | null;
  issuedAt: Date;
  expiresAt: Date;
}

/** What a signed file URL grants: reading one object, until it expires. */
interface FileGrant {
  bucket: string;
  key: string;
  /** The name the browser saves the file under; the key's last part without one. */
  downloadName?: string;
}

/** What an emailed link proves: this account asked for it, as this address, in this token row. */
export interface LinkClaims {
  userId: string;
  email: string;
  /** The `jti`: the row that makes the link single-use. */
  tokenId: string;
}

type LinkVerdict = { ok: true; claims: LinkClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** A browser that has signed in to an account before (its device cookie). */
interface DeviceGrant {
  userId: string;
  /** This browser's own id, for its own count of failed sign-ins. */
  deviceId: string;
}

export interface Signer {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  signFile(grant: FileGrant, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }>;
  /** The grant, or null for a token that is invalid, expired, or not a file grant. */
  verifyFile(token: string): Promise<FileGrant | null>;
  signDevice(userId: string, ttlSeconds: number): Promise<string>;
  /** The grant, or null for a token that is invalid, expired, or not a device token. */
  verifyDevice(token: string): Promise<DeviceGrant | null>;
  /** Returns the claims, or null for a token that is invalid, expired, or not an access token. */
  verify(token: string): Promise<VerifiedAccess | null>;
  signLink(purpose: LinkPurpose, claims: LinkClaims, ttlSeconds: number): Promise<string>;
  /** 'expired' only for a token this server signed, for this purpose, whose time has passed. */
  verifyLink(purpose: LinkPurpose, token: string): Promise<LinkVerdict>;
  jwks(): JSONWebKeySet;
}

/**
 * Loads the ES256 keys from the database, creating the first one if there is none. Keys live in
 * the database so that every instance signs and verifies alike.
 */
export async function loadSigner(repository: AuthRepository): Promise<Signer> {
  let rows = await repository.listSigningKeys();
  if (rows.length === 0) {
    const kid = crypto.randomUUID();
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await repository.insertSigningKeyIfNone({ kid, privateJwk, publicJwk });
    // Another instance may have won the race; use whatever is stored.
    rows = await repository.listSigningKeys();
  }
  const current = rows[0];
  if (!current) throw new Error('No signing key could be stored');
  const privateKey = (await importJWK(current.privateJwk as JWK, ALG)) as CryptoKey;
  const keySet: JSONWebKeySet = { keys: rows.map((row) => row.publicJwk as JWK) };
  const localKeys = createLocalJWKSet(keySet);

  return {
    async sign({ userId, profileId, aal, sessionId, hadSecondFactor }) {
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIMES.accessTokenSeconds * 1000);
      const claims = { pid: profileId, aal, sid: sessionId };
      const token = await new SignJWT(
        hadSecondFactor === undefined ? claims : { ...claims, fac: hadSecondFactor },
      )
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: TYPE })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setJti(crypto.randomUUID())
        .sign(privateKey);
      return { token, expiresAt };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.pid !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number' ||
          typeof payload.iat !== 'number'
        ) {
          return null;
        }
        return {
          userId: payload.sub,
          profileId: payload.pid,
          // Only a token that says so is aal2; anything else (older tokens too) is aal1.
          aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
          sessionId: payload.sid,
          hadSecondFactor: typeof payload.fac === 'boolean' ? payload.fac : null,
          issuedAt: new Date(payload.iat * 1000),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    async signFile({ bucket, key, downloadName }, ttlSeconds) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({
        bkt: bucket,
        key,
        ...(downloadName ? { dn: downloadName } : {}),
      })
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: FILE_TYPE })
        .setIssuer(ISSUER)
        .setAudience(FILE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey);
      return { token, expiresAt };
    },

    async verifyFile(token) {
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: FILE_AUDIENCE,
          typ: FILE_TYPE,
        });
        if (typeof payload.bkt !== 'string' || typeof payload.key !== 'string') return null;
        const grant: FileGrant = { bucket: payload.bkt, key: payload.key };
        if (typeof payload.dn === 'string') grant.downloadName = payload.dn;
        return grant;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    async signDevice(userId, ttlSeconds) {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: DEVICE_TYPE })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(DEVICE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .setJti(crypto.randomUUID())
        .sign(privateKey);
    },

    async verifyDevice(token) {
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: DEVICE_AUDIENCE,
          typ: DEVICE_TYPE,
        });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
        return { userId: payload.sub, deviceId: payload.jti };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    async signLink(purpose, { userId, email, tokenId }, ttlSeconds) {
      return new SignJWT({ email })
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: `${purpose}+jwt` })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(LINK_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .setJti(tokenId)
        .sign(privateKey);
    },

    async verifyLink(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: LINK_AUDIENCE,
          typ: `${purpose}+jwt`,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.email !== 'string'
        ) {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: { userId: payload.sub, email: payload.email, tokenId: payload.jti },
        };
      } catch (error) {
        // jose checks the signature before the claims: an expired token is one of ours.
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        if (error instanceof joseErrors.JOSEError) return { ok: false, reason: 'invalid' };
        throw error;
      }
    },

    jwks: () => keySet,
  };
}
