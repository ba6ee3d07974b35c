import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A WebAuthn authenticator in software: an ES256 key from node:crypto, 'none' attestation and
 * assertions built byte by byte as the WebAuthn spec lays them out, so the server's verification
 * path runs for real. Enough CBOR to write a COSE key and an attestation object.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(value, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  signCount = 0;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string | null = null;

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('not an EC key');
    return cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  private authData(flags: number, attested = false): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON with 'none' attestation. */
  register(options: CreationOptions, overrides: { origin?: string } = {}) {
    if (options.rp.id !== this.rpId) throw new Error(`wrong RP ID ${options.rp.id}`);
    if (options.excludeCredentials?.some((c) => c.id === this.id))
      throw new Error('InvalidStateError: already registered');
    this.userHandle = options.user.id;
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(UP | UV | AT, true)],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an AuthenticationResponseJSON signed with the private key.
   * `tamper` flips a bit of the signed data after signing; `keepCount` reuses the last counter.
   */
  assert(
    options: RequestOptions,
    overrides: {
      origin?: string;
      userVerified?: boolean;
      tamper?: boolean;
      keepCount?: boolean;
    } = {},
  ) {
    if (options.rpId !== undefined && options.rpId !== this.rpId)
      throw new Error(`wrong RP ID ${options.rpId}`);
    const allowed = options.allowCredentials ?? [];
    if (allowed.length > 0 && !allowed.some((c) => c.id === this.id))
      throw new Error('NotAllowedError: no matching credential');
    if (!overrides.keepCount) this.signCount += 1;
    const authenticatorData = this.authData(UP | (overrides.userVerified === false ? 0 : UV));
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signed = Buffer.concat([authenticatorData, sha256(clientDataJSON)]);
    const signature = sign('sha256', signed, this.privateKey);
    if (overrides.tamper) {
      const last = authenticatorData.length - 1;
      authenticatorData.writeUInt8(authenticatorData.readUInt8(last) ^ 0x01, last);
    }
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
