import { Writable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createLogger } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('createLogger', () => {
  it('prints the address plainly for a person at a terminal', () => {
    const { stream, lines } = capture();
    const log = createLogger({ logLevel: 'info', logFormat: 'pretty' }, stream);
    log.info('Arena is running at http://localhost:3000 (database: PGlite in /srv/data/db)');
    log.debug('not at info level');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Arena is running at http:\/\/localhost:3000 \(database: PGlite in \/srv\/data\/db\)$/,
    );
  });

  it('writes JSON lines for machines', () => {
    const { stream, lines } = capture();
    const log = createLogger({ logLevel: 'info', logFormat: 'json' }, stream);
    log.info('Arena is running at http://localhost:3000');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: 'Arena is running at http://localhost:3000',
    });
  });
});
