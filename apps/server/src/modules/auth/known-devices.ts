import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** httpOnly cookie naming a browser that has signed in to one account before (OWASP "device cookies"). */
export const KNOWN_DEVICE_COOKIE = 'tolk_device';
export const KNOWN_DEVICE_DAYS = 365;

export interface KnownDevice {
  accountId: string;
  /** Lower-cased, so a sign-in can be matched to the cookie before the account is looked up. */
  username: string;
  deviceId: string;
}

export interface KnownDevices {
  issue(account: { id: string; username: string }, deviceId?: string): { value: string; expiresAt: Date };
  /**
   * The device a cookie names when its signature holds and it has not expired, else null.
   * Synchronous on purpose: the sign-in throttle reserves an attempt before anything awaits.
   */
  read(value: string | undefined): KnownDevice | null;
}

const encode = (text: string) => Buffer.from(text).toString('base64url');

export function createKnownDevices(secret: string, now: () => number = Date.now): KnownDevices {
  // A purpose prefix keeps these signatures apart from anything else signed with the same secret.
  const sign = (payload: string) => createHmac('sha256', secret).update(`known-device.${payload}`).digest();

  return {
    issue(account, deviceId = randomUUID()) {
      const expiresAt = new Date(now() + KNOWN_DEVICE_DAYS * 86_400_000);
      const payload = encode(
        JSON.stringify({
          a: account.id,
          u: account.username.trim().toLowerCase(),
          d: deviceId,
          e: Math.floor(expiresAt.getTime() / 1000),
        }),
      );
      return { value: `${payload}.${sign(payload).toString('base64url')}`, expiresAt };
    },

    read(value) {
      const [payload, signature, ...rest] = (value ?? '').split('.');
      if (!payload || !signature || rest.length) return null;
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
        const { a, u, d, e } = claims;
        if (typeof a !== 'string' || typeof u !== 'string' || typeof d !== 'string' || typeof e !== 'number') {
          return null;
        }
        if (e * 1000 <= now()) return null;
        return { accountId: a, username: u, deviceId: d };
      } catch {
        return null;
      }
    },
  };
}
