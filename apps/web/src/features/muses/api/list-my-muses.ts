import type { Muse } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';
import { MUSES_PAGE_SIZE } from '@tolk/shared/limits';

export interface MyMusesPage {
  muses: Muse[];
  hasMore: boolean;
}

export const myMusesQueryKey = ['muses', 'mine'] as const;

/** Every muse I wrote, newest first; `before` is the createdAt of the oldest one shown. */
export const listMyMuses = (before?: string) =>
  get<MyMusesPage>('/muses', { params: { ...(before ? { before } : {}), limit: MUSES_PAGE_SIZE } });
