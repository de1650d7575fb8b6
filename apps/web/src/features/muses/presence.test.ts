import { describe, expect, it } from 'vitest';
import { knownPresence } from './use-thread';

describe('presence while this device is offline', () => {
  const heard = new Set(['bruno']);

  it('is unknown while the socket is down or the browser offline, and as heard while connected', () => {
    expect(knownPresence({ browserOnline: true, socket: 'connected' }, heard)).toBe(heard);
    expect(knownPresence({ browserOnline: true, socket: 'disconnected' }, heard)).toBeNull();
    expect(knownPresence({ browserOnline: false, socket: 'connected' }, heard)).toBeNull();
  });
});
