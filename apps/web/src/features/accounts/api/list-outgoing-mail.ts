import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OutgoingMailPage } from '@tolk/shared/schemas/notifications';
import { get } from '../../../lib/http';

export const outgoingMailQueryKey = ['admin', 'mail'] as const;

/** One page of the mail the server sent, newest first (superadmins). */
export const listOutgoingMail = (cursor: string | undefined, signal?: AbortSignal) =>
  get<OutgoingMailPage>('/admin/mail', { params: cursor ? { cursor } : {}, signal });

export const outgoingMailQuery = () =>
  infiniteQueryOptions({
    queryKey: outgoingMailQueryKey,
    queryFn: ({ pageParam, signal }) => listOutgoingMail(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OutgoingMailPage) => last.nextCursor ?? undefined,
  });
