import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';

import { prepareStatementsOf } from './pglite-prepared.ts';

let client: PGlite;

const prepared = async () =>
  (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows
    .map((row) => row.statement)
    .sort();

const SETUP = `
    CREATE TABLE players (id int PRIMARY KEY, name text NOT NULL, joined timestamptz NOT NULL,
      tags text[] NOT NULL DEFAULT '{}', cv jsonb);
    INSERT INTO players SELECT g, 'player ' || g, '2026-11-01 12:00:00+00'::timestamptz + g * interval '1 second',
      ARRAY['football', 'u' || g], jsonb_build_object('goals', g) FROM generate_series(1, 50) g;`;

async function open(): Promise<PGlite> {
  const opened = await PGlite.create();
  await opened.exec(SETUP);
  return opened;
}

beforeEach(async () => {
  client = await open();
  prepareStatementsOf(client);
});

afterEach(() => client.close());

describe('prepareStatementsOf', () => {
  it('answers as PGlite itself does, in either row mode and with the caller’s parsers', async () => {
    const text =
      'SELECT id, name, joined, tags, cv FROM players WHERE id > $1 AND name LIKE $2 ORDER BY id LIMIT 3';
    const params = [40, 'player%'];
    const plain = await open();
    onTestFinished(() => plain.close());
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
    ]) {
      const ours = await client.query(text, params, options);
      const theirs = await plain.query(text, params, options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.rows).toHaveLength(3);
    }
  });

  it('parses a text once and reuses it with other values; statements without values are left alone', async () => {
    const text = 'SELECT name FROM players WHERE id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ name: 'player 1' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ name: 'player 2' }]);
    expect((await client.query('SELECT count(*)::int AS n FROM players')).rows).toEqual([
      { n: 50 },
    ]);
    expect(await prepared()).toEqual([text]);
  });

  it('serialises values by the types PostgreSQL inferred: dates, arrays, JSON, nulls', async () => {
    const insert =
      'INSERT INTO players (id, name, joined, tags, cv) VALUES ($1, $2, $3, $4, $5) RETURNING id, joined, tags, cv';
    const { rows } = await client.query(insert, [
      100,
      'Late signing',
      new Date('2026-11-02T08:30:00.000Z'),
      ['basketball', 'guard'],
      JSON.stringify({ assists: 7 }),
    ]);
    expect(rows).toEqual([
      {
        id: 100,
        joined: new Date('2026-11-02T08:30:00.000Z'),
        tags: ['basketball', 'guard'],
        cv: { assists: 7 },
      },
    ]);
    const nulls = await client.query('SELECT $1::text IS NULL AS missing', [null]);
    expect(nulls.rows).toEqual([{ missing: true }]);
  });

  it('throws the database’s error with its code and query, and carries on after it', async () => {
    const text = 'SELECT name FROM players WHERE id = $1';
    const failure = await client.query(text, ['not a number']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '22P02', query: text, params: ['not a number'] });

    const duplicate = await client
      .query('INSERT INTO players (id, name, joined) VALUES ($1, $2, now())', [1, 'again'])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505' });

    const syntax = await client
      .query('SELEC name FROM players WHERE id = $1', [1])
      .catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });

    expect((await client.query(text, [3])).rows).toEqual([{ name: 'player 3' }]);
    expect((await prepared()).length).toBe(2);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('UPDATE players SET name = $1 WHERE id = $2', ['renamed', 1]);
      await held;
      await tx.rollback();
    });
    // Let the transaction start and take the lock.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = client.query<{ name: string }>('SELECT name FROM players WHERE id = $1', [1]);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ name: 'player 1' }]);
  });
});
