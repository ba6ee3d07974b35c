import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import { type DatabaseHandle, openDatabase } from '@arena/server/src/db/database.ts';

/**
 * One connection to the database being seeded, PGlite or PostgreSQL, opened through the
 * server's own `openDatabase`, so every committed migration is applied first.
 */
export interface SeedConnection {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Loads COPY text lines into the table; returns how many rows went in. */
  copy(table: string, columns: string[], lines: Iterable<string>, freeze: boolean): Promise<number>;
  close(): Promise<void>;
}

/** `dataDir` undefined: an in-memory PGlite (tests). */
export type SeedTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

/** Text handed to the database at a time: big enough to amortise a round trip, small enough for memory. */
const PG_CHUNK_CHARS = 256 * 1024;
const PGLITE_CHUNK_CHARS = 16 * 1024 * 1024;

function* chunked(lines: Iterable<string>, size: number, counter: { rows: number }) {
  let buffer = '';
  for (const line of lines) {
    buffer += line;
    counter.rows++;
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

const copySql = (table: string, columns: string[], source: string, freeze: boolean) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}${freeze ? ' WITH (FREEZE)' : ''}`;

export async function connect(target: SeedTarget): Promise<SeedConnection> {
  const handle = await openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url, poolSize: 2 }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  return connectHandle(handle, () => handle.close());
}

/** Wraps a database the server's code opened (and migrated); `close` releases it as the owner wishes. */
export async function connectHandle(
  handle: DatabaseHandle,
  closeHandle: () => Promise<void> = async () => undefined,
): Promise<SeedConnection> {
  // Drizzle keeps the driver's client on `$client`: the PGlite instance, or the pg pool.
  const driver = (handle.db as unknown as { $client: unknown }).$client;

  if (handle.kind === 'pglite') {
    const client = driver as PGlite;
    return {
      kind: 'pglite',
      async query<T>(text: string, params: unknown[] = []) {
        return (await client.query<T>(text, params)).rows;
      },
      async copy(table, columns, lines, freeze) {
        const counter = { rows: 0 };
        for (const chunk of chunked(lines, PGLITE_CHUNK_CHARS, counter)) {
          await client.query(copySql(table, columns, "'/dev/blob'", freeze), [], {
            blob: new Blob([chunk]),
          });
        }
        return counter.rows;
      },
      close: closeHandle,
    };
  }

  const pool = driver as pg.Pool;
  // One session for everything: the load is one transaction, so a failure leaves nothing behind.
  const client = await pool.connect();
  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async copy(table, columns, lines, freeze) {
      const counter = { rows: 0 };
      const stream = client.query(copyFrom(copySql(table, columns, 'STDIN', freeze)));
      await pipeline(Readable.from(chunked(lines, PG_CHUNK_CHARS, counter)), stream);
      return counter.rows;
    },
    async close() {
      client.release();
      await closeHandle();
    },
  };
}
