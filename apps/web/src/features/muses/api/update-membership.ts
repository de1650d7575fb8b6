import type { Member } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';

export interface UpdateMembershipInput {
  readingLanguage?: string;
  readsWithout?: string[];
  /** Marks everything up to this sequence as read. */
  lastReadSeq?: number;
}

export const updateMembership = (id: string, input: UpdateMembershipInput) =>
  patch<Member>(`/conversations/${encodeURIComponent(id)}/me`, input);
