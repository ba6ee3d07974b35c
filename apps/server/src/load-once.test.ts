import { describe, expect, it } from 'vitest';

import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      return { value: loads };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not yet');
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});
