import { MESSAGES } from '@arena/shared/messages';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

import { ApiRequestError } from '../../lib/http/api-error.ts';

/** WebAuthn options as the API sends them (JSON, checked by the browser library). */
export type OptionsJson = { challenge: string } & Record<string, unknown>;

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** navigator.credentials.create(), with the options and the answer as JSON. */
export function createPasskey(options: OptionsJson) {
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
}

/** navigator.credentials.get(), with the options and the answer as JSON. */
export function getPasskey(options: OptionsJson) {
  return startAuthentication({ optionsJSON: options });
}

/** What to tell the member when a passkey ceremony or its verification fails. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  // The member closed the browser's dialog, or it timed out: not an error worth alarming about.
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED')
    return MESSAGES.mfa.passkeyCancelled;
  if (error instanceof Error && error.name === 'NotAllowedError')
    return MESSAGES.mfa.passkeyCancelled;
  return MESSAGES.mfa.passkeyFailed;
}
