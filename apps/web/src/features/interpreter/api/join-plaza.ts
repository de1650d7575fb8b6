import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
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

/** Joins a plaza by its code, keeping a guest's token (where to go then is the screen's part). */
export function useJoinPlaza(
  options: Omit<UseMutationOptions<PlazaSession, Error, JoinPlazaInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: joinPlaza });
}
