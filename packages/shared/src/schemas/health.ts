import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  engine: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;
