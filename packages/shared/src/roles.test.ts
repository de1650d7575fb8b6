import { describe, expect, it } from 'vitest';
import { audienceOf, isSuperAdmin } from './roles';

describe('superAdmin detection (spec section 4)', () => {
  it.each([
    ['superadmin', 'public', true],
    ['SuperAdmin', 'public', true],
    ['user,SUPERADMIN', 'acme', true],
    ['user', 'root', true],
    ['', 'root', true],
    ['user', 'public', false],
    ['admin', 'public', false],
    ['super admin', 'public', false],
    ['user', 'Root', false],
    ['user', 'rooted', false],
  ])('roles %j in tenant %j -> %s', (roles, tenant, expected) => {
    expect(isSuperAdmin({ roles, tenant })).toBe(expected);
  });

  it('derives the audience: guest when signed out, whatever the roles', () => {
    expect(audienceOf({ isloggedin: false, roles: 'superadmin', tenant: 'root' })).toBe('guest');
    expect(audienceOf({ isloggedin: true, roles: 'user', tenant: 'public' })).toBe('user');
    expect(audienceOf({ isloggedin: true, roles: 'user', tenant: 'root' })).toBe('superAdmin');
  });
});
