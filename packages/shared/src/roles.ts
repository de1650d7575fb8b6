/** The tenant that owns the site; its members are superadmins (spec section 4). */
export const ROOT_TENANT = 'root';
/** The tenant members join when they register. */
export const PUBLIC_TENANT = 'public';

export type Audience = 'guest' | 'user' | 'superAdmin';

export interface SessionClaims {
  isloggedin: boolean;
  roles: string;
  tenant: string;
}

/** superAdmin when the roles text contains "superadmin" (any case) or the tenant is root. */
export function isSuperAdmin(session: Pick<SessionClaims, 'roles' | 'tenant'>): boolean {
  return session.roles.toLowerCase().includes('superadmin') || session.tenant === ROOT_TENANT;
}

export function audienceOf(session: SessionClaims): Audience {
  if (!session.isloggedin) return 'guest';
  return isSuperAdmin(session) ? 'superAdmin' : 'user';
}
