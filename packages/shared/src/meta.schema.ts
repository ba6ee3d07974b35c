import { z } from 'zod';

/** Public facts the web app reads at start (`GET /api/meta`). */
export const metaSchema = z.object({
  contactEmail: z.email(),
});
export type Meta = z.infer<typeof metaSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
