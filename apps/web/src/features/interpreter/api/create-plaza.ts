import type { CreatePlazaInput, PlazaSession } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { savePlazaToken } from '../plaza-tokens';

/** Opens a plaza; a guest's token is kept at once so every later call can carry it. */
export async function createPlaza(input: CreatePlazaInput): Promise<PlazaSession> {
  const session = await post<PlazaSession>('/plazas', input);
  if (session.guestToken) savePlazaToken(session.plaza.id, session.guestToken);
  return session;
}
