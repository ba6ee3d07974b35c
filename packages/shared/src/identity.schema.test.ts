import { describe, expect, it } from 'vitest';

import { oidcStartQuerySchema } from './identity.schema.ts';
import { isSafeRedirectPath } from './safe-redirect.ts';

describe('isSafeRedirectPath', () => {
  it.each([
    '/feed',
    '/profile/ana_23',
    '/messages?user=ana',
    '/settings#sign-in',
    '/a/b?c=d&e=%2F',
  ])('accepts the site path %j', (path) => expect(isSafeRedirectPath(path)).toBe(true));

  it.each([
    '',
    'feed',
    'https://evil.test/feed',
    'http:/evil.test',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '\\/evil.test',
    '/feed\\..\\x',
    'javascript:alert(1)',
    ' /feed',
    '/feed\r\nLocation: https://evil.test',
    '/feed\t',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (path) => expect(isSafeRedirectPath(path)).toBe(false));

  it('defaults the start query to the feed, remembered', () => {
    expect(oidcStartQuerySchema.parse({})).toEqual({ redirectTo: '/feed', remember: 'true' });
  });
});
