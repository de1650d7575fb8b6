import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@tolk/shared/schemas/profile';
import { get } from '../../../lib/http';

/**
 * My profile, for my home city (whose visitors the Trips tab lists). The same resource and key as
 * the profile feature's query, so a profile saved there is the one read here, with no second copy.
 */
export const homeProfileQueryKey = ['profile'] as const;
export const getHomeProfile = () => get<Profile>('/profile');
export const homeCityQuery = () =>
  queryOptions({ queryKey: homeProfileQueryKey, queryFn: getHomeProfile, select: (profile) => profile.homeCity });
