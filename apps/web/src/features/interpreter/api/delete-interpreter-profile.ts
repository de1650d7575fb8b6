import { del } from '../../../lib/http';

export const deleteInterpreterProfile = (id: string) =>
  del<undefined>(`/interpreter/profiles/${encodeURIComponent(id)}`);
