import { describe, expect, it } from 'vitest';

import { benchSettings, parseBenchArgs } from './options.ts';

describe('the bench command line', () => {
  it('prints the usage for --help, and refuses unknown scenarios and generators', () => {
    const help = parseBenchArgs(['--help']);
    expect(help).toMatchObject({ exit: 0 });
    expect('text' in help && help.text).toContain('Usage: npm run bench');
    expect(parseBenchArgs(['feed', 'fead'])).toMatchObject({
      exit: 2,
      text: expect.stringContaining('Unknown scenario: fead') as unknown,
    });
    expect(parseBenchArgs(['--generator', 'ab'])).toMatchObject({
      exit: 2,
      text: expect.stringContaining('Unknown load generator: ab') as unknown,
    });
  });

  it('runs every scenario unless some are named', () => {
    const all = parseBenchArgs([]);
    const some = parseBenchArgs(['feed', 'like', '--generator', 'wrk']);
    expect('wanted' in all && all.wanted).toContain('realtime');
    expect(some).toMatchObject({ wanted: ['feed', 'like'], generator: 'wrk' });
  });

  it('takes the smoke, PostgreSQL or PGlite defaults, and the figures given', () => {
    const parsed = parseBenchArgs(['--pool', '4', '--warmup', '0']);
    if (!('values' in parsed)) throw new Error('expected options');
    expect(benchSettings(parsed.values, { smoke: false, pg: true })).toMatchObject({
      connections: 32,
      duration: 10,
      warmup: 0,
      pool: 4,
      fanoutFollowers: 50_000,
    });
    expect(benchSettings(parsed.values, { smoke: false, pg: false }).connections).toBe(8);
    expect(benchSettings(parsed.values, { smoke: true, pg: true })).toMatchObject({
      connections: 4,
      duration: 2,
      users: 20,
    });
  });

  it('refuses a figure that is not a positive number', () => {
    const parsed = parseBenchArgs(['--connections', 'many']);
    if (!('values' in parsed)) throw new Error('expected options');
    expect(() => benchSettings(parsed.values, { smoke: false, pg: true })).toThrow(
      'Not a positive number: many',
    );
  });
});
