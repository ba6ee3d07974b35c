/** Every number the product rules depend on (spec section 9), written once. */
export const LIMITS = {
  passwordMin: 8,
  /** argon2 hashes any length, but an unbounded body is a denial-of-service lever. */
  passwordMax: 256,
  emailMax: 254,
  /** An emailed link's token (a signed JWT) is far shorter; anything longer is not one of ours. */
  linkTokenMax: 2048,
  usernameMin: 3,
  usernameMax: 30,
  fullNameMax: 100,
  bioMax: 500,
  postMax: 2000,
  commentMax: 500,
  messageMax: 500,

  postImageBytes: 20 * 1024 * 1024,
  postVideoBytes: 100 * 1024 * 1024,
  avatarBytes: 20 * 1024 * 1024,
  messageImageBytes: 10 * 1024 * 1024,
  messageVideoBytes: 50 * 1024 * 1024,
  /** A video's length, read by ffprobe before it is kept (seconds). */
  postVideoSeconds: 180,
  messageVideoSeconds: 60,
  /** Video posts a member pins to the Highlights of their profile. */
  highlightsMax: 6,
  cvBytes: 10 * 1024 * 1024,
  /** A picture's declared canvas, read from its header before any pixel is decoded (~50 MP). */
  imagePixels: 50_000_000,

  searchMinChars: 2,
  searchDebounceMs: 300,
  searchResults: 5,
  searchBlurHideMs: 200,

  feedPosts: 20,
  feedReposts: 10,
  suggestions: 5,

  postMediaCacheSeconds: 3600,
  avatarCacheSeconds: 3600,
  cvSignedUrlSeconds: 3600,

  refreshBackoffStartMs: 200,
  /** An account without a password is deleted only from a session started this recently. */
  accountDeletionReauthSeconds: 10 * 60,

  /** Reports and moderation. */
  reportDetailsMax: 1000,
  reportsPerHour: 20,
  moderationReasonMax: 1000,
  moderationNoteMax: 2000,
  appealMax: 2000,
  suspendDaysMax: 365,
} as const;

/** How long credentials live. The web app refreshes `accessTokenRefreshLeewaySeconds` before expiry. */
export const TOKEN_LIFETIMES = {
  accessTokenSeconds: 15 * 60,
  accessTokenRefreshLeewaySeconds: 60,
  /** A remembered session survives this long without use; every refresh extends it. */
  refreshTokenRememberedSeconds: 30 * 24 * 60 * 60,
  /** A session that was not remembered still ends on the server after a day without use. */
  refreshTokenSessionSeconds: 24 * 60 * 60,
  /** An email confirmation link works once, within this time. */
  emailConfirmationSeconds: 24 * 60 * 60,
  /** A password reset link works once, within this time. */
  passwordResetSeconds: 60 * 60,
} as const;

/** Bounds of the athlete CV's fields. */
export const CV_LIMITS = {
  shortText: 60,
  mediumText: 200,
  armSpan: 30,
  /** Where the athlete lives (issue 24): as long as an organisation's city and country. */
  country: 80,
  city: 80,
  about: 2000,
  season: 20,
  title: 120,
  description: 1000,
  heightCmMin: 50,
  heightCmMax: 272,
  weightKgMin: 20,
  weightKgMax: 300,
  birthdateEarliest: '1900-01-01',
  careerEntries: 50,
  awards: 50,
} as const;

/** Bounds of an organisation's profile (clubs, agents, coaches). */
export const ORGANIZATION_LIMITS = {
  about: 2000,
  city: 80,
  country: 80,
  league: 120,
  website: 200,
  licenceNumber: 60,
  foundedYearMin: 1850,
  /** The offers listed on an organisation's profile. */
  offersShown: 20,
} as const;

/** Discover and follower lists page size. */
export const PAGE_SIZE = 20;

/** A viewer counts at most once per profile in this window. */
export const PROFILE_VIEW_WINDOW_MS = 60 * 60 * 1000;

/** Two-factor authentication (README, "Two-factor authentication"). */
export const MFA_LIMITS = {
  friendlyNameMax: 50,
  factorsPerUser: 10,
  /** RFC 6238 defaults every authenticator app supports. */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  /** Codes one step either side of now are accepted (clock drift). */
  totpWindow: 1,
  /** How long a challenge (and a texted code) may be answered. */
  challengeSeconds: 5 * 60,
  recoveryCodes: 10,
  /** Wrong codes per factor (or per account for recovery codes) before it pauses. */
  failedCodesPerFactor: 5,
  failedCodeWindowMs: 15 * 60 * 1000,
  /** Texts sent per phone factor within `failedCodeWindowMs`. */
  textsPerFactor: 5,
} as const;
