import { describe, expect, it } from 'vitest';

import { PreparingClient } from './prepared-statements.ts';

const url = process.env.TEST_DATABASE_URL;

/** What a connection made from `connectionString` has for each setting. */
async function settings(connectionString: string, names: string[]) {
  const client = new PreparingClient(connectionString);
  await client.connect();
  try {
    const shown: Record<string, string> = {};
    for (const name of names) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
      shown[name] = rows[0]?.[name] ?? '';
    }
    return shown;
  } finally {
    await client.end();
  }
}

describe.runIf(url)("the server's PostgreSQL connections", () => {
  const withOptions = (options: string) => {
    const address = new URL(url ?? '');
    address.searchParams.set('options', options);
    return address.toString();
  };

  it('run without JIT compilation, and keep the options of the connection string', async () => {
    expect(await settings(url ?? '', ['jit'])).toEqual({ jit: 'off' });
    expect(
      await settings(withOptions('-c statement_timeout=1234'), ['jit', 'statement_timeout']),
    ).toEqual({ jit: 'off', statement_timeout: '1234ms' });
  });

  it("let the connection string's own choice win", async () => {
    expect(await settings(withOptions('-c jit=on'), ['jit'])).toEqual({ jit: 'on' });
  });
});
