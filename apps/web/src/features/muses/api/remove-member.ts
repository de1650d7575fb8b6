import { del } from '../../../lib/http';

/** The owner removes someone; anyone removing themselves leaves the chat. */
export const removeMember = (id: string, username: string) =>
  del<undefined>(`/conversations/${encodeURIComponent(id)}/members/${encodeURIComponent(username)}`);
