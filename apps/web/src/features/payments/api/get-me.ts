import type { Me } from '@tolk/shared/schemas/auth';
import { get } from '../../../lib/http';

/** The signed-in member as the server has them now (GET /api/auth/me): a paid subscription makes them an active subscriber. */
export const getMe = () => get<Me>('/auth/me');
