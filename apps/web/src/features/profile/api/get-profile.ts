import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@tolk/shared/schemas/profile';
import { get } from '../../../lib/http';

/**
 * The signed-in member's own profile: one query, one cache entry, for every screen that reads it
 * (the profile screens, and connect's Trips tab for the home city whose visitors it lists).
 */
export const profileQueryKey = ['profile'] as const;
export const getProfile = () => get<Profile>('/profile');
export const profileQuery = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
