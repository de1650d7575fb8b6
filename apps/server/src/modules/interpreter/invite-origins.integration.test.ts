import type os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteOrigins } from '@tolk/shared/schemas/plazas';
import { loadConfig } from '../../config';
import { testApp, type TestApp } from '../../test/build-app';
import { listen } from '../../test/sockets';
import { lanOrigins } from '../../http/origins';

/**
 * Issue 11: a host on http://localhost handed out links other phones could not open. The server
 * says where they can: the configured public address, else, to a host on this very machine, its
 * LAN addresses.
 */
describe('TOLK_PUBLIC_URL', () => {
  it('takes an http(s) address, without a trailing slash, and refuses anything else', () => {
    expect(loadConfig({ TOLK_PUBLIC_URL: 'https://tolk.example.org/' }).publicUrl).toBe('https://tolk.example.org');
    expect(() => loadConfig({ TOLK_PUBLIC_URL: 'ftp://tolk.example.org' })).toThrow(/TOLK_PUBLIC_URL/);
    expect(() => loadConfig({ TOLK_PUBLIC_URL: 'tolk' })).toThrow(/TOLK_PUBLIC_URL/);
  });
});

describe('lanOrigins', () => {
  it('lists the IPv4 addresses another device can reach, with the port', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      wlan0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
    } as unknown as ReturnType<typeof os.networkInterfaces>;
    expect(lanOrigins(3000, interfaces)).toEqual(['http://192.168.1.20:3000']);
  });
});

describe('GET /api/interpreter/invite-origins', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: 'https://tolk.example.org' } });
    // Listening on every address, as `npm start` does (HOST=0.0.0.0).
    port = Number(new URL(await listen(t, '0.0.0.0')).port);
  });
  afterAll(() => t.close());

  const origins = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/interpreter/invite-origins', remoteAddress });

  it('gives the public URL, and this machine’s LAN addresses to a host on the machine itself', async () => {
    const res = await origins('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json<InviteOrigins>()).toEqual({ publicUrl: 'https://tolk.example.org', lanOrigins: lanOrigins(port) });
  });

  it('keeps the machine’s addresses from everyone else', async () => {
    expect((await origins('203.0.113.9')).json<InviteOrigins>().lanOrigins).toEqual([]);
  });
});

describe('a server listening on loopback only', () => {
  it('offers no LAN address: nobody else could open it', async () => {
    const t = await testApp();
    try {
      await listen(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/interpreter/invite-origins' });
      expect(res.json<InviteOrigins>()).toEqual({ publicUrl: null, lanOrigins: [] });
    } finally {
      await t.close();
    }
  });
});
