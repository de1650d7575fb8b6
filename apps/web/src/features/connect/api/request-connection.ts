import { post } from '../../../lib/http';

export interface ConnectionState {
  id: string;
  state: 'pending' | 'accepted';
}

/**
 * Asks to connect, with a note in my language (they read it in theirs). Asking someone who asked
 * me first accepts their request: the answer says `accepted`.
 */
export const requestConnection = (personId: string, note: string) =>
  post<ConnectionState>(`/connect/people/${encodeURIComponent(personId)}/request`, { note });
