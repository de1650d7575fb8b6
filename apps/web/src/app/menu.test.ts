import { describe, expect, it } from 'vitest';
import { adminMenuEntries, bottomNavEntries, menuEntries } from './menu';

const routes = (audience: Parameters<typeof menuEntries>[0]) => menuEntries(audience).map((entry) => entry.to);

const MEMBER_ROUTES = [
  '/home',
  '/interpret',
  '/connect',
  '/person',
  '/place',
  '/thing',
  '/muses',
  '/profile',
  '/references',
  '/account',
  '/sub',
];

describe('side menu entries (spec section 2)', () => {
  it('gives guests home, interpreter and connect', () => {
    expect(routes('guest')).toEqual(['/home', '/interpret', '/connect']);
  });

  it('gives signed-in users the guest entries plus people, places, things, messages, profile, references, account, subscribe', () => {
    expect(routes('user')).toEqual(MEMBER_ROUTES);
  });

  it('gives superadmins the same list as users', () => {
    expect(routes('superAdmin')).toEqual(MEMBER_ROUTES);
  });

  it('gives superadmins, and only them, the reports queue and the outgoing mail in a group of their own', () => {
    expect(adminMenuEntries('superAdmin').map((entry) => entry.to)).toEqual(['/connect/reports', '/admin/mail']);
    expect(adminMenuEntries('user')).toEqual([]);
    expect(adminMenuEntries('guest')).toEqual([]);
  });

  it('labels every entry through i18next and gives it an icon', () => {
    for (const entry of [...menuEntries('user'), ...adminMenuEntries('superAdmin')]) {
      expect(entry.labelKey).toMatch(/^nav\./);
      expect(entry.icon).toBeTruthy();
    }
  });

  it('keeps the bottom navigation to home, interpreter, connect, messages and profile', () => {
    expect(bottomNavEntries.map((entry) => entry.to)).toEqual([
      '/home',
      '/interpret',
      '/connect',
      '/muses',
      '/profile',
    ]);
  });
});
