import { queryOptions } from '@tanstack/react-query';
import type { InterpreterProfile } from '@tolk/shared/schemas/plazas';
import { get } from '../../../lib/http';

export const interpreterProfilesQueryKey = ['interpreter', 'profiles'] as const;

export const listInterpreterProfiles = () => get<InterpreterProfile[]>('/interpreter/profiles');

/** Members only: guests keep their pairs in the browser (guest-profiles.ts). */
export const interpreterProfilesQuery = () =>
  queryOptions({ queryKey: interpreterProfilesQueryKey, queryFn: listInterpreterProfiles });
