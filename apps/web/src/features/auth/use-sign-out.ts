import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLoginResponse } from '../../lib/session';
import { signOut } from './api/sign-out';
import { paths } from '../../lib/paths';

/** Revokes the server session, then clears everything local even if the server is unreachable. */
export function useSignOut() {
  const { clearLoginResponse } = useLoginResponse();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The local session goes regardless; the server's expires on its own.
    }
    clearLoginResponse();
    queryClient.clear();
    await navigate(paths.signIn());
  }, [clearLoginResponse, navigate, queryClient]);
}
