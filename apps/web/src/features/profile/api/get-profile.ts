import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@tolk/shared/schemas/profile';
import { get } from '../../../lib/http';

export const profileQueryKey = ['profile'] as const;
export const getProfile = () => get<Profile>('/profile');
export const profileQuery = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
