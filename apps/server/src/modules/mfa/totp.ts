import { Secret, TOTP } from 'otpauth';

import { MFA_LIMITS } from '@arena/shared/limits';

import { loadOnce } from '../../load-once.ts';

// Loaded when someone first sets up an authenticator app; no other request draws a QR code.
const loadQrCode = loadOnce(() => import('qrcode'));

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s. */
function totp(secret: string, issuer = 'Arena', label = 'Arena') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: MFA_LIMITS.totpDigits,
    period: MFA_LIMITS.totpPeriodSeconds,
  });
}

/** 160 random bits, as RFC 4226 recommends; base32 for authenticator apps. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans, and its QR code as an SVG data URL. */
export async function totpProvisioning(secret: string, issuer: string, label: string) {
  const uri = totp(secret, issuer, label).toString();
  const { default: QRCode } = await loadQrCode();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step of the code when it is valid at `atMs` (one step of drift either way), else
 * null. The caller refuses a step it has already accepted: a code works once.
 */
export function totpStep(secret: string, code: string, atMs: number): number | null {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: atMs, window: MFA_LIMITS.totpWindow });
  if (delta === null) return null;
  return generator.counter({ timestamp: atMs }) + delta;
}
