import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

import { MFA_LIMITS } from '@arena/shared/limits';

import { loadOnce } from '../../load-once.ts';
import type { CredentialRow } from './mfa.repository.ts';
import type { RelyingParty } from './relying-party.ts';

// Loaded at the first passkey ceremony: the library and its CBOR, ASN.1 and COSE readers are tens
// of megabytes that a server whose members use no passkey need not hold.
const loadWebAuthn = loadOnce(() => import('@simplewebauthn/server'));

/** Options as the API sends them: JSON for `navigator.credentials.create` / `.get`. */
export type OptionsJson = { challenge: string } & Record<string, unknown>;

/** ES256 and RS256 cover every platform authenticator and security key in use. */
const ALGORITHMS = [-7, -257];
const TIMEOUT_MS = MFA_LIMITS.challengeSeconds * 1000;

/** The WebAuthn user handle: the account id's bytes (opaque, no personal data). */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

export function userIdOfHandle(handle: string): string {
  return Buffer.from(handle, 'base64url').toString('utf8');
}

const descriptor = (row: CredentialRow) => ({
  id: row.id,
  transports: row.transports as AuthenticatorTransport[],
});

/**
 * Options to create a discoverable passkey: it serves as a second factor after a password and,
 * on its own, as a passwordless sign-in.
 */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; name: string; displayName: string },
  existing: CredentialRow[],
): Promise<OptionsJson> {
  const { generateRegistrationOptions } = await loadWebAuthn();
  return (await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.name,
    userDisplayName: user.displayName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  })) as unknown as OptionsJson;
}

export interface NewCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** The credential to store, or null when the response does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  response: RegistrationResponseJSON,
): Promise<NewCredential | null> {
  const { verifyRegistrationResponse } = await loadWebAuthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    // Malformed or forged: the library throws for every way a response can be wrong.
    return null;
  }
}

/** Options to sign in: with `credentials`, one of those; without, any discoverable passkey. */
export async function authenticationOptions(
  rp: RelyingParty,
  credentials: CredentialRow[] | null,
  userVerification: 'required' | 'preferred',
): Promise<OptionsJson> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  return (await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification,
    ...(credentials ? { allowCredentials: credentials.map(descriptor) } : {}),
  })) as OptionsJson;
}

/** The authenticator's new signature counter, or null when the assertion does not verify. */
export async function verifyAuthentication(
  rp: RelyingParty,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  stored: CredentialRow,
  requireUserVerification: boolean,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
