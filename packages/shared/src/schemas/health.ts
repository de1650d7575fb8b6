import { z } from 'zod';

/** One resource the server loads after it starts (a dictionary, an engine's processes). */
export const warmUpPartSchema = z.object({
  name: z.string(),
  state: z.enum(['warming', 'ready', 'failed']),
  /** How long it took, once done. */
  ms: z.number().int().nullable(),
});
export type WarmUpPart = z.infer<typeof warmUpPartSchema>;

/** GET /api/health/live: the process answers; nothing else is asked. */
export const livenessSchema = z.object({
  status: z.literal('ok'),
  /** Whole seconds since the process started. */
  uptimeSeconds: z.number().int(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/** GET /api/health and GET /api/health/ready. */
export const healthSchema = z.object({
  /** "degraded" while the database or Redis does not answer. */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  /** Redis (REDIS_URL), asked with PING; "off" when none is configured. */
  redis: z.enum(['ok', 'down', 'off']),
  /**
   * Whether this instance should get traffic: the database and Redis (when configured) answer,
   * and heavy resources have loaded in the background (the server answers meanwhile).
   */
  ready: z.boolean(),
  warmUp: z.array(warmUpPartSchema),
});
export type Health = z.infer<typeof healthSchema>;
