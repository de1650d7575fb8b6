import { z } from 'zod';

export const personInputSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(120, 'At most 120 characters.'),
  description: z.string().trim().max(2000, 'At most 2000 characters.').default(''),
  note: z.string().trim().max(2000, 'At most 2000 characters.').default(''),
});
export type PersonInput = z.input<typeof personInputSchema>;

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;
