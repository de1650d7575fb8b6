import { post } from '../../../lib/http';

/** decline: a request made to me; withdraw: mine; remove: a connection made. */
export type ConnectionEnding = 'decline' | 'withdraw' | 'remove';

export const endConnection = (connectionId: string, how: ConnectionEnding) =>
  post<{ ok: true }>(`/connect/connections/${encodeURIComponent(connectionId)}/${how}`);
