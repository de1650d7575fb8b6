import type { z } from 'zod';
import type { joinPlazaInputSchema, PlazaSession } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { savePlazaToken } from '../plaza-tokens';

export type JoinPlazaInput = z.input<typeof joinPlazaInputSchema>;

export async function joinPlaza(input: JoinPlazaInput): Promise<PlazaSession> {
  const session = await post<PlazaSession>('/plazas/join', input);
  if (session.guestToken) savePlazaToken(session.plaza.id, session.guestToken);
  return session;
}
