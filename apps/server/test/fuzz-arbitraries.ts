import fc from 'fast-check';

/**
 * Hostile input for the API: strings with NUL, lone surrogates, bidi overrides, emoji and
 * combining marks; huge strings; wrong types; prototype-pollution keys; broken JSON; the wrong
 * content type. Each sample is a raw request body with its content type.
 */

export interface RawBody {
  /** What the sample is, for the failure message. */
  kind: string;
  contentType: string;
  body: string | Buffer;
}

/** Characters that break naive code: NUL, lone surrogates, RTL override, zero-width, emoji… */
const EDGE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\u200F',
  '\u200B',
  '\uFEFF',
  '\uFFFF',
  '\u2028',
  '\u0085',
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '\u0301',
  '𝔸',
  '<',
  '>',
  '"',
  "'",
  '\\',
  '%',
  '/',
  '.',
  '&',
  ' ',
  '\t',
  '\n',
  'a',
  '1',
];

const SPECIAL_STRINGS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  '1e999',
  '-0',
  '0x10',
  '2023-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'C:\\boot.ini',
  'javascript:alert(1)',
  '<script>window.__xss=1</script>',
  "'; DROP TABLE profiles; --",
  '%00',
  '%zz',
  '${7*7}',
  '{{7*7}}',
  'x'.repeat(5_000),
  '😀'.repeat(3_000),
  '\u0000'.repeat(100),
  '\uD800'.repeat(100),
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...EDGE_CHARACTERS), maxLength: 30 }),
  fc.constantFrom(...SPECIAL_STRINGS),
  fc
    .tuple(fc.constantFrom(...EDGE_CHARACTERS), fc.integer({ min: 100, max: 6_000 }))
    .map(([character, times]) => character.repeat(times)),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -1,
    0.5,
    -0,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
  ),
);

function nastyKey(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', ...known),
    fc.string({ maxLength: 12 }),
    nastyString,
  );
}

/** Any JSON value made of hostile parts, a few levels deep. */
function nastyValue(known: readonly string[] = []): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      nastyString,
      nastyNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc
        .array(fc.tuple(nastyKey(known), tie('value')), { maxLength: 4 })
        .map((entries) => objectOf(entries)),
    ),
  }));
  return value;
}

/** An object with exactly these own keys, `__proto__` included (a literal would set the prototype). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const json = (kind: string, value: unknown): RawBody => ({
  kind,
  contentType: 'application/json',
  body: JSON.stringify(value),
});

const POLLUTION = [
  '{"__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes","isAdmin":true}}}',
  '{"__proto__":null}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
];

const MALFORMED_JSON = [
  '',
  '{',
  '[',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '\u0000',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '1e999999',
  '-',
  '"unterminated',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
];

/**
 * Bodies for a route whose valid body is `valid` (undefined when it takes none): anything at
 * all, the valid body with one field broken or missing or polluted, broken JSON, a body over
 * the 1 MB limit, and other content types.
 */
export function hostileBody(valid: Record<string, unknown> | undefined): fc.Arbitrary<RawBody> {
  const keys = valid ? Object.keys(valid) : [];
  const options: fc.Arbitrary<RawBody>[] = [
    nastyValue(keys).map((value) => json('any JSON value', value)),
    fc.constantFrom(...POLLUTION).map((body) => ({
      kind: 'prototype pollution',
      contentType: 'application/json',
      body,
    })),
    fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: 'binary' })).map((body) => ({
      kind: 'malformed JSON',
      contentType: 'application/json',
      body,
    })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'image/png',
        ),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constant('--x\r\n\r\n--x--')),
      )
      .map(([contentType, body]) => ({ kind: 'another content type', contentType, body })),
    fc.constant({
      kind: 'a body over 1 MB',
      contentType: 'application/json',
      body: JSON.stringify({ [keys[0] ?? 'x']: 'a'.repeat(1024 * 1024 + 16) }),
    }),
  ];
  if (valid && keys.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...keys), nastyValue(keys))
        .map(([key, value]) => json(`valid body, ${key} replaced`, { ...valid, [key]: value })),
      fc
        .constantFrom(...keys)
        .map((key) =>
          json(
            `valid body without ${key}`,
            Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key)),
          ),
        ),
      fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...POLLUTION)).map(([key, pollution]) => ({
        kind: `valid body, ${key} polluted`,
        contentType: 'application/json',
        body: JSON.stringify({ ...valid, [key]: 0 }).replace(`"${key}":0`, `"${key}":${pollution}`),
      })),
      fc.constantFrom(...POLLUTION).map((pollution) => ({
        kind: 'valid body with a polluting key beside it',
        contentType: 'application/json',
        body: `${pollution.slice(0, -1)},${JSON.stringify(valid).slice(1)}`,
      })),
    );
  }
  return fc.oneof(...options);
}

/** Times a cursor might hold: the server's own, JavaScript's extremes, and near misses. */
const cursorTime: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .date({
      min: new Date('1970-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  // Every time JavaScript holds, most of them beyond what PostgreSQL or a 4-digit year holds.
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(
    '-271821-04-20T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00.000Z',
    '1969-12-31T23:59:59.999Z',
    '2020-01-01',
    '2023-02-30T00:00:00.000Z',
    '2020-01-01T24:00:00.000Z',
    '2020-01-01T00:00:00Z',
    '2020-01-01T00:00:00.000000001Z',
    '2020-01-01T00:00:00.000+14:00',
    '2020-01-01 00:00:00',
    'infinity',
    '-infinity',
    'epoch',
    'now',
  ),
  fc.integer(),
  nastyString,
);

/** Ids a cursor might hold: real UUIDs and ones a little off. */
const cursorId: fc.Arbitrary<unknown> = fc.oneof(
  fc.uuid(),
  fc.uuid().map((id) => id.replaceAll('-', '')),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => id.slice(1)),
  fc.uuid().map((id) => `${id}0`),
  fc.uuid().map((id) => `${id.slice(0, -1)}g`),
  fc.constantFrom(
    '-'.repeat(36),
    'a'.repeat(36),
    '0'.repeat(32),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.integer(),
  nastyString,
);

/**
 * A pagination cursor as a caller might forge it: base64url of a JSON array with a time and an
 * id (valid, out of range, malformed), of any JSON, or not base64url at all.
 */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .oneof(
      fc.tuple(cursorTime, cursorId),
      fc.array(fc.oneof(cursorTime, cursorId), { maxLength: 4 }),
      fc.array(nastyValue(), { maxLength: 3 }),
      nastyValue(),
    )
    .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  fc
    .tuple(cursorTime, cursorId)
    .map((value) => Buffer.from(JSON.stringify(value)).toString('base64')),
  fc
    .string({ unit: 'binary', maxLength: 60 })
    .map((text) => Buffer.from(text).toString('base64url')),
  nastyString,
);

/** Percent-encodes the UTF-8 bytes of a value (lone surrogates become U+FFFD on the way). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const RAW_QUERY_VALUES = ['%', '%zz', '%E0%A4%A', '%C0%80', '%00', '%FF%FE', '%ED%A0%80', '+%2B+'];

/** A query string: the route's own parameters and others, with hostile values. */
export function hostileQuery(known: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...known, 'limit', 'cursor'), fc.string({ maxLength: 8 })),
    fc.oneof(
      nastyString.map(percentEncode),
      hostileCursor.map(percentEncode),
      fc.constantFrom(...RAW_QUERY_VALUES),
      nastyNumber.map((n) => percentEncode(String(n))),
    ),
  );
  return fc
    .array(pair, { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${percentEncode(key)}=${value}`).join('&'));
}

/** A hostile path segment for a route parameter. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  nastyString.filter((value) => value.length > 0).map(percentEncode),
  fc.constantFrom(...RAW_QUERY_VALUES, '..', '%2E%2E', '%2F', 'a%2Fb', '%5C', 'x'.repeat(2_000)),
);
