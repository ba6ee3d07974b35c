/**
 * `@username` in a post or comment: the same characters as a username, not inside a word or an
 * email address (`ana@club.com` mentions nobody). Shared: the server notifies whom the text
 * mentions, the web links the same spans to the profiles.
 */
export const MENTION_PATTERN = /(?<![\w@.])@([A-Za-z0-9_]{3,30})(?![\w@])/g;

/** At most this many people are notified per post or comment. */
export const MENTIONS_NOTIFIED = 10;

/** The usernames mentioned, lower-cased, each once, in order of first mention. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    names.add((match[1] as string).toLowerCase());
    if (names.size >= MENTIONS_NOTIFIED) break;
  }
  return [...names];
}
