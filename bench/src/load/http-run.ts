import autocannon from 'autocannon';

import { type HttpScenario, type ScenarioContext, wireRequest } from './http-scenarios.ts';

export interface HttpResult {
  requests: number;
  perSecond: number;
  p50: number;
  p975: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Status codes other than 2xx, with how many of each. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface HttpRunOptions {
  connections: number;
  durationSeconds: number;
  /** Requests a second across all connections (autocannon's `overallRate`); unset: as fast as answered. */
  rate?: number;
}

/**
 * Runs one scenario with autocannon: a closed loop of `connections` keep-alive connections.
 * Call it once unmeasured first to warm up (JIT, pools, caches, prepared statements).
 */
export async function runHttp(
  scenario: HttpScenario,
  context: ScenarioContext,
  options: HttpRunOptions,
): Promise<HttpResult> {
  await scenario.prepare?.(context);
  let k = 0;
  const opts: autocannon.Options = {
    url: context.url,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, headers, body } = wireRequest(scenario.request(context, k++));
          return { ...request, method, path, headers, ...(body === undefined ? {} : { body }) };
        },
      },
    ],
  };
  const result = await autocannon(opts);
  const completed = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2') && stat.count) statuses[code] = stat.count;
  }
  return {
    requests: completed,
    perSecond: completed / result.duration,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
