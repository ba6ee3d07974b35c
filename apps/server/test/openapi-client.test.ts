import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { freshDatabase, testConfig } from './harness.ts';

/*
 * The API as a third party reads it (issue 21): /api/openapi.json passes Redocly's recommended
 * rules, every operation states its security, an operationId and its refusals, the security it
 * states is what the server does, and a client generated from it by openapi-typescript with
 * openapi-fetch type-checks and signs up, posts and reads the feed over HTTP. The document does
 * not depend on the database, so this runs on PGlite alone.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');

type Security = Record<string, string[]>[];
interface Operation {
  operationId?: string;
  security?: Security;
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const A_UUID = '00000000-0000-4000-8000-000000000000';
const FORGED_TOKEN = { authorization: 'Bearer forged.token.value' };

/** The client program: compiled against the generated types, then run against the server. */
const JOURNEY = `
import createClient from 'openapi-fetch';

import type { paths } from './schema.d.ts';

export async function journey(baseUrl: string, tag: string) {
  const api = createClient<paths>({ baseUrl });

  const visitor = await api.GET('/api/feed', { params: { query: {} } });
  const refusal: string | undefined = visitor.error?.error.code;

  const signUp = await api.POST('/api/auth/sign-up', {
    body: {
      fullName: 'Client Athlete',
      username: 'client_' + tag,
      email: 'client.' + tag + '@arena.test',
      password: 'correct-horse-42',
      userType: 'player',
      birthdate: '1990-05-15',
    },
  });
  if (!signUp.data || !('accessToken' in signUp.data)) {
    throw new Error('sign-up: ' + JSON.stringify(signUp.error ?? signUp.data));
  }
  const headers = { authorization: 'Bearer ' + signUp.data.accessToken };

  const created = await api.POST('/api/posts', {
    headers,
    body: { content: 'Posted through the generated client ' + tag, sport: 'football' },
  });
  // The types hold the contract (tsc fails on an unused expectation if they were \`any\`).
  // @ts-expect-error: a sport the API does not know
  void (() => api.POST('/api/posts', { headers, body: { content: 'x', sport: 'curling' } }));
  // @ts-expect-error: a path the API does not have
  void (() => api.GET('/api/no-such-path'));
  if (!created.data) throw new Error('post: ' + JSON.stringify(created.error));
  const post: { id: string; content: string } = created.data;

  const feed = await api.GET('/api/feed', { headers, params: { query: {} } });
  if (!feed.data) throw new Error('feed: ' + JSON.stringify(feed.error));
  const contents: string[] = feed.data.items.map((item) => item.post.content);

  return { refusal, username: signUp.data.profile.username, post, contents };
}
`;

/** The path with every parameter filled: a username, a decision, a provider, or a UUID. */
function urlOf(openapiPath: string): string {
  return openapiPath
    .replaceAll('{username}', 'nobody_here')
    .replaceAll('{decision}', 'approve')
    .replaceAll('{provider}', 'nowhere')
    .replace(/\{[A-Za-z]+\}/g, A_UUID);
}

describe('the OpenAPI document, as a generated client reads it', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let base: string;
  let document: Document;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-openapi-data-'));
  const work = mkdtempSync(path.join(tmpdir(), 'arena-openapi-client-'));

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('pglite'));
    app = await buildApp(testConfig({ dataDir }), { database, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
    writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(document));
    // The client program finds openapi-fetch (and, from where it lies, what it needs).
    mkdirSync(path.join(work, 'node_modules'));
    symlinkSync(
      path.dirname(require.resolve('openapi-fetch/package.json')),
      path.join(work, 'node_modules', 'openapi-fetch'),
      'dir',
    );
  });

  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([openapiPath, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${openapiPath}`,
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        openapiPath,
        operation,
      })),
    );

  it("passes Redocly's recommended rules without an error", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        redocly,
        'lint',
        '--extends',
        'recommended',
        '--format',
        'json',
        '--max-problems',
        '10000',
        'openapi.json',
      ],
      {
        cwd: work,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: unknown) => {
      // Redocly exits 1 when it found errors; its report is on stdout all the same.
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      if (!stdout) throw new Error(`redocly did not run: ${stderr ?? String(error)}`);
      return { stdout };
    });
    const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
    const describeProblem = (problem: LintProblem) =>
      `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;
    const warnings = problems.filter((problem) => problem.severity !== 'error');
    console.info(
      `redocly lint --extends recommended: ${problems.length - warnings.length} errors, ${warnings.length} warnings\n` +
        warnings.map((problem) => `  ${describeProblem(problem)}`).join('\n'),
    );
    expect(problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual(
      [],
    );
  });

  it('gives every operation an operationId, its security, a refusal and a success', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    const problems = all.flatMap(({ key, operation }) => {
      const statuses = Object.keys(operation.responses);
      return [
        !operation.operationId && `${key}: no operationId`,
        !operation.security && `${key}: no security`,
        !statuses.some((status) => status.startsWith('4')) && `${key}: no 4xx`,
        !statuses.some((status) => /^[23]/.test(status)) && `${key}: no 2xx or 3xx`,
      ].filter(Boolean);
    });
    expect(problems).toEqual([]);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/posts/{id}']?.get?.operationId).toBe('getPostsById');
  });

  it('states the security the server enforces, and documents the refusals it meets', async () => {
    const problems: string[] = [];
    for (const { key, method, openapiPath, operation } of operations()) {
      const security = operation.security ?? [];
      const anonymous = security.length === 0 || security.some((alt) => !Object.keys(alt).length);
      const tokenOnly = security.length > 0 && security.every((alt) => 'bearerAuth' in alt);
      const readsTokens = security.some((alt) => 'bearerAuth' in alt);
      // `anyone`'s form: visitors are served, and a token that is sent must be valid.
      const identifies = JSON.stringify(security) === JSON.stringify([{}, { bearerAuth: [] }]);

      const url = urlOf(openapiPath);
      const plain = await app.inject({ method, url });
      const forged = await app.inject({ method, url, headers: FORGED_TOKEN });
      const unstorable = await app.inject({ method, url: `${url}?q=%00` });

      if (tokenOnly && plain.statusCode !== 401) {
        problems.push(`${key} needs a token, yet answers ${plain.statusCode} without one`);
      }
      if (anonymous && plain.statusCode === 401) {
        problems.push(`${key} is documented open to visitors, yet answers them 401`);
      }
      if (!readsTokens && forged.statusCode !== plain.statusCode) {
        problems.push(
          `${key} reads no token, yet a forged one changes ${plain.statusCode} to ${forged.statusCode}`,
        );
      }
      if (identifies && forged.statusCode !== 401) {
        problems.push(`${key} identifies callers, yet takes a forged token (${forged.statusCode})`);
      }
      for (const response of [plain, forged, unstorable]) {
        const status = String(response.statusCode);
        if (response.statusCode >= 400 && !(status in operation.responses)) {
          problems.push(
            `${key} answers ${status}, which it does not document: ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('generates a typed client that compiles, then signs up, posts and reads the feed with it', async () => {
    const types = astToString(await openapiTS(JSON.stringify(document)));
    writeFileSync(path.join(work, 'schema.d.ts'), types);
    writeFileSync(path.join(work, 'journey.ts'), JOURNEY);
    writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repoRoot, 'tsconfig.base.json'),
        compilerOptions: { lib: ['ES2023', 'DOM'], types: [] },
        files: ['journey.ts'],
      }),
    );
    // tsc reports type errors on stdout and exits non-zero.
    const typeErrors = await run(process.execPath, [tsc, '-p', path.join(work, 'tsconfig.json')], {
      cwd: work,
    }).then(
      () => '',
      (error: unknown) => (error as { stdout?: string }).stdout || String(error),
    );
    expect(typeErrors).toBe('');

    const { journey } = (await import(pathToFileURL(path.join(work, 'journey.ts')).href)) as {
      journey: (
        baseUrl: string,
        tag: string,
      ) => Promise<{
        refusal: string | undefined;
        username: string;
        post: { id: string; content: string };
        contents: string[];
      }>;
    };
    const tag = Date.now().toString(36);
    const outcome = await journey(base, tag);
    expect(outcome.refusal).toBe('unauthorized');
    expect(outcome.username).toBe(`client_${tag}`);
    expect(outcome.post.content).toBe(`Posted through the generated client ${tag}`);
    expect(outcome.contents).toContain(outcome.post.content);
  }, 60_000);
});
