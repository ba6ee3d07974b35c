/** The codes of every API error (ARCHITECTURE.md, "Contracts"); free of zod for the web's entry. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  /** A moderator suspended or banned the account: sign-in is refused (403). */
  'account_suspended',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  /** A service Arena depends on (a sign-in provider) did not answer. */
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
