import { describe, expect, it } from 'vitest';

import { mentionedUsernames } from './mentions.ts';

describe('mentionedUsernames', () => {
  it('finds @usernames once each, lower-cased, in order', () => {
    expect(mentionedUsernames('Great run @Ana_Lopez! cc @ben and @ana_lopez again')).toEqual([
      'ana_lopez',
      'ben',
    ]);
  });

  it('ignores email addresses, words with @ inside, and names too short or too long', () => {
    expect(mentionedUsernames('write to ana@club.com or x@y, @ab, @' + 'a'.repeat(31))).toEqual([]);
  });

  it('notifies at most ten people per text', () => {
    const text = Array.from({ length: 15 }, (_, n) => `@member${n}`).join(' ');
    expect(mentionedUsernames(text)).toHaveLength(10);
  });
});
