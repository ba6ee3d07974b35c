/**
 * `@username` in a post or comment: the same characters as a username, not glued to a word, an
 * address or another mention before it (`ana@club.com` mentions nobody), nor running on into more
 * name characters after it. Shared: the server notifies whom the text
 * mentions, the web links the same spans to the profiles.
 */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_.@/])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_@])/g;

/** At most this many people are notified per post or comment. */
const MENTIONS_NOTIFIED = 10;

/** The usernames mentioned, lower-cased, each once, in order of first mention. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    names.add((match[1] as string).toLowerCase());
    if (names.size >= MENTIONS_NOTIFIED) break;
  }
  return [...names];
}
