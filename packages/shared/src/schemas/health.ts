import { z } from 'zod';

/** One resource the server loads after it starts (a dictionary, an engine's processes). */
export const warmUpPartSchema = z.object({
  name: z.string(),
  state: z.enum(['warming', 'ready', 'failed']),
  /** How long it took, once done. */
  ms: z.number().int().nullable(),
});
export type WarmUpPart = z.infer<typeof warmUpPartSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  /** False while heavy resources still load in the background; the server answers meanwhile. */
  ready: z.boolean(),
  warmUp: z.array(warmUpPartSchema),
});
export type Health = z.infer<typeof healthSchema>;
