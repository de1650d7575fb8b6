import { post } from '../../../lib/http';

export const signOut = () => post<{ ok: true }>('/auth/signout');
