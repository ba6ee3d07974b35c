import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { messages, parse, protocol } from '@electric-sql/pglite';

/** Past this many texts, new ones run unprepared (as on PostgreSQL, prepared-statements.ts). */
const MAX_PREPARED = 1000;

interface Statement {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them at parse. */
  types: number[];
  /** The columns of its rows (none for a statement that returns no rows), described once. */
  columns: readonly messages.BackendMessage[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Makes `client.query` run every parameterised statement as a named prepared statement, parsed
 * once, the same as the PostgreSQL pool does (prepared-statements.ts).
 *
 * PGlite's own `query` parses, describes, binds and executes an unnamed statement on every call,
 * one call into the database each, so PostgreSQL plans the statement again every time: the feed
 * page's statement planned in ~1.3 ms and ran in ~0.7 ms. A named statement is parsed and
 * described once, planned the first times and then, when the generic plan costs no more,
 * reused; each call is then one bind/execute/sync exchange sent as one message.
 *
 * Holds the same locks as `query` (a transaction in progress finishes first), parses rows with
 * the client's parsers and the call's own (Drizzle keeps timestamps as text), and throws the
 * database's error as `query` does. Statements inside a transaction (`tx.query`) and ones
 * without parameters run as before.
 */
export function prepareStatementsOf(client: PGlite): void {
  const plainQuery = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const { serialize } = protocol;

  async function prepare(text: string): Promise<Statement> {
    const name = `arena_${statements.size + 1}`;
    const described = await client.execProtocolStream(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      types: parse.parseDescribeStatementResults(described),
      columns: described.filter((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const oid = statement.types[index] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      if (serializer) return serializer(param);
      if (typeof param === 'string') return param;
      if (typeof param === 'number' || typeof param === 'boolean' || typeof param === 'bigint')
        return String(param);
      // PGlite would send `[object Object]`; better to say so here.
      throw new TypeError(`No serialiser for a parameter of type ${oid}`);
    });
    const answer = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    await client.syncToFs();
    // The call's parsers in front of the client's, without copying the client's few hundred.
    const parsers = options?.parsers
      ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
      : client.parsers;
    const results = parse.parseResults([...statement.columns, ...answer], parsers, {
      ...options,
      parsers: undefined,
    });
    return results[0] as Results<T>;
  }

  client.query = async function query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (
      !params?.length ||
      options?.blob ||
      options?.paramTypes ||
      (!statements.has(text) && statements.size >= MAX_PREPARED)
    ) {
      return plainQuery<T>(text, params, options);
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (error) {
          // The fields PGlite's own query adds to a database error.
          if (error instanceof messages.DatabaseError) {
            Object.assign(error, { query: text, params, queryOptions: options });
          }
          throw error;
        }
      }),
    );
  };
}
