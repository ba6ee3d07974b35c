import { describe, expect, it } from 'vitest';

import { suggestUsername } from './username-suggestion.ts';

describe('suggestUsername', () => {
  it('keeps a preferred username that already fits', () => {
    expect(suggestUsername('maria_costa', 'm@x.test')).toBe('maria_costa');
  });

  it('replaces what the rules refuse and drops accents', () => {
    expect(suggestUsername('José.Peña-Ruiz', 'j@x.test')).toBe('Jose_Pena_Ruiz');
  });

  it('falls back to the email local part', () => {
    expect(suggestUsername(null, 'jordan.miles+arena@example.com')).toBe('jordan_miles_arena');
    expect(suggestUsername('é', 'ana.silva@example.com')).toBe('ana_silva');
  });

  it('cuts to 30 characters', () => {
    expect(suggestUsername('a'.repeat(40), 'x@x.test')).toBe('a'.repeat(30));
  });

  it('gives nothing when nothing fits', () => {
    expect(suggestUsername('ab', 'x@example.com')).toBe('');
    expect(suggestUsername('edit', 'edit@example.com')).toBe('');
  });
});
