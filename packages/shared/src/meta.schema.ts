import { z } from 'zod';

/** Public facts the web app reads at start (`GET /api/meta`). */
export const metaSchema = z.object({
  contactEmail: z.email(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
