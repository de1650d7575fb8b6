import { post } from '../../../lib/http';
import type { ConnectionState } from './request-connection';

export const acceptConnection = (connectionId: string) =>
  post<ConnectionState>(`/connect/connections/${encodeURIComponent(connectionId)}/accept`);
