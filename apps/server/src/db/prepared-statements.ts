import { createHash } from 'node:crypto';

import pg from 'pg';

/**
 * Statement names by SQL text. The application writes a bounded set of query shapes (values go
 * in parameters), so this stays small; past the bound, new texts simply run unprepared.
 */
const names = new Map<string, string>();
const MAX_PREPARED = 1000;

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED) return undefined;
    name = `arena_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * A pg client that sends every parameterised statement as a named prepared statement, parsed
 * once per connection. PostgreSQL then plans it the first times it runs and, when a generic plan
 * costs no more than the custom ones (plan_cache_mode = auto), reuses that plan instead of
 * planning again on every call. For Arena's short queries, planning cost as much as running:
 * the feed's two queries planned in about 1.7 ms and ran in 1.5 ms (docs/decisions/0025).
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(withSessionOptions(typeof config === 'string' ? { connectionString: config } : config));
  }
}

/**
 * Every connection of the server's runs without PostgreSQL's JIT compilation (decision 0052).
 * Arena's statements are short index lookups, but on a large network the planner's estimate for
 * some (the feed's, 10 million posts) passes `jit_above_cost`, and compiling them took 76 ms for a
 * statement that runs in 2: the feed fell from 2,400 pages a second to 17. Options in the
 * connection string (`?options=-c jit=on`) come after these, so an operator's choice wins.
 */
const SESSION_OPTIONS = '-c jit=off';

function withSessionOptions(config: pg.ClientConfig = {}): pg.ClientConfig {
  const options = [SESSION_OPTIONS, config.options];
  let { connectionString } = config;
  // pg lets the connection string's options replace the config's: they are moved over here.
  if (connectionString) {
    try {
      const url = new URL(connectionString);
      const fromUrl = url.searchParams.get('options');
      if (fromUrl !== null) {
        url.searchParams.delete('options');
        connectionString = url.toString();
        options.push(fromUrl);
      }
    } catch {
      // Not a URL (pg takes other forms too): left as it is.
    }
  }
  return {
    ...config,
    ...(connectionString === undefined ? {} : { connectionString }),
    options: options.filter(Boolean).join(' '),
  };
}

// Called below with the client as `this`, through Reflect.apply.
// eslint-disable-next-line @typescript-eslint/unbound-method
const plainQuery = pg.Client.prototype.query;
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  // query(text, values) and query({ text, values }) alike; a Query object (COPY, cursors) as is.
  const query: QueryConfigLike | null =
    typeof config === 'string'
      ? { text: config }
      : typeof config === 'object' && config !== null
        ? config
        : null;
  if (query) {
    const params = Array.isArray(values) ? values : query.values;
    if (
      typeof query.submit !== 'function' &&
      typeof query.text === 'string' &&
      !query.name &&
      Array.isArray(params) &&
      params.length > 0
    ) {
      const name = statementName(query.text);
      // A copy: Drizzle reuses its query config object.
      if (name) args[0] = { ...query, name };
    }
  }
  return Reflect.apply(plainQuery, this, args) as unknown;
} as typeof plainQuery;
