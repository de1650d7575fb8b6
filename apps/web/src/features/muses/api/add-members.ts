import type { Conversation } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

export const addMembers = (id: string, members: string[]) =>
  post<Conversation>(`/conversations/${encodeURIComponent(id)}/members`, { members });
