import { z } from 'zod';

/** Public facts the web app reads at start (`GET /api/meta`). */
export const metaSchema = z.object({
  contactEmail: z.email(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/**
 * What a readiness check found of each part an instance needs: `off` for Redis when REDIS_URL
 * is not set; `shutting down` once the process is draining (SIGTERM).
 */
const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable', 'off']),
  storage: z.enum(['ok', 'unreachable']),
  process: z.enum(['serving', 'shutting down']),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** `GET /api/ready` when the instance may take traffic (a balancer's health check). */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: readinessChecksSchema,
});

/** `GET /api/ready` answering 503: the API's error shape, plus which part failed. */
export const notReadySchema = z.object({
  error: z.object({ code: z.literal('unavailable'), message: z.string() }),
  checks: readinessChecksSchema,
});
