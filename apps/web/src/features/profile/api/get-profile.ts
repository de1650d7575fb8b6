import type { Profile } from '@tolk/shared/schemas/profile';
import { get } from '../../../lib/http';

export const profileQueryKey = ['profile'] as const;
export const getProfile = () => get<Profile>('/profile');
