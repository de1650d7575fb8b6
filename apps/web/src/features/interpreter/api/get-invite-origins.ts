import { queryOptions } from '@tanstack/react-query';
import type { InviteOrigins } from '@tolk/shared/schemas/plazas';
import { get } from '../../../lib/http';

export const getInviteOrigins = () => get<InviteOrigins>('/interpreter/invite-origins');

/** Asked once per page: the machine's addresses and the configured URL do not change under it. */
export const inviteOriginsQuery = () =>
  queryOptions({ queryKey: ['interpreter', 'invite-origins'], queryFn: getInviteOrigins, staleTime: Infinity });
