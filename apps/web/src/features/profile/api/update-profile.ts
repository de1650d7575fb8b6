import type { Profile, UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { put } from '../../../lib/http';

export const updateProfile = (input: UpdateProfileInput) => put<Profile>('/profile', input);
