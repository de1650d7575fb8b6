import { describe, expect, it } from 'vitest';
import { inviteOrigins, isLoopbackHost } from './invite-origin';

const page = (href: string) => new URL(href);

describe('inviteOrigins', () => {
  it('uses the configured public URL wherever the host opened the page', () => {
    expect(
      inviteOrigins(page('http://localhost:3000/interpret/1'), {
        publicUrl: 'https://tolk.example.org',
        lanOrigins: ['http://192.168.1.20:3000'],
      }),
    ).toEqual({ origins: ['https://tolk.example.org'], note: null });
  });

  it('offers the machine’s LAN addresses to a host on localhost, and says why', () => {
    expect(
      inviteOrigins(page('http://127.0.0.1:3000/interpret/1'), {
        publicUrl: null,
        lanOrigins: ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'],
      }),
    ).toEqual({ origins: ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'], note: 'lan' });
  });

  it('says so when a localhost host has no address another phone can reach', () => {
    expect(inviteOrigins(page('http://localhost:3000/'), { publicUrl: null, lanOrigins: [] })).toEqual({
      origins: ['http://localhost:3000'],
      note: 'none',
    });
  });

  it('keeps the page’s own address when it is already one others can open', () => {
    expect(
      inviteOrigins(page('http://192.168.1.20:3000/interpret/1'), {
        publicUrl: null,
        lanOrigins: ['http://192.168.1.20:3000'],
      }),
    ).toEqual({ origins: ['http://192.168.1.20:3000'], note: null });
  });
});

describe('isLoopbackHost', () => {
  it('knows the addresses only this machine can open', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['192.168.1.20', 'tolk.example.org', '10.0.0.5']) expect(isLoopbackHost(host)).toBe(false);
  });
});
