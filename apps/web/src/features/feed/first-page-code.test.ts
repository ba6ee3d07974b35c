import { describe, expect, it } from 'vitest';

import { pageCodeFor, pages } from './first-page-code.ts';

describe('pageCodeFor', () => {
  it('fetches the frame and the feed for a member opening /feed, nothing for a visitor there', () => {
    expect(pageCodeFor('/feed', true)).toEqual([pages.appLayout, pages.feed]);
    expect(pageCodeFor('/feed', false)).toEqual([]);
  });

  it('fetches the landing page for a visitor opening /, nothing for a member there', () => {
    expect(pageCodeFor('/', false)).toEqual([pages.landing]);
    expect(pageCodeFor('/', true)).toEqual([]);
  });

  it('fetches nothing ahead for other pages', () => {
    expect(pageCodeFor('/messages', true)).toEqual([]);
    expect(pageCodeFor('/auth', false)).toEqual([]);
  });
});
