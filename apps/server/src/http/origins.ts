import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/** A loopback address (the machine's own user). */
export const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** http://<address>:<port> for each IPv4 address of this machine that another device can reach. */
export function lanOrigins(port: number, interfaces = os.networkInterfaces()): string[] {
  const out: string[] = [];
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) out.push(`http://${address.address}:${port}`);
    }
  }
  return out;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d+){3}|\[::1\])(:\d+)?$/;

/**
 * The origin to put in a link mailed to someone (a password reset, an address to verify): the
 * configured public URL; without one, the origin the request came in on, but only when it names
 * this machine (localhost, one of its LAN addresses) or an origin the configuration allows. A
 * request's Host header is the sender's to write: trusting any would let a stranger ask for a
 * reset link that points at their own server ("reset poisoning").
 */
export function linkOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  options: { publicUrl: string | undefined; publicOrigins: readonly string[]; port: number },
): string {
  if (options.publicUrl) return options.publicUrl;
  const origin = `${request.protocol}://${request.host}`;
  if (LOOPBACK_HOST.test(request.host)) return origin;
  if (options.publicOrigins.includes(origin) || lanOrigins(options.port).includes(origin)) return origin;
  return `http://localhost:${options.port}`;
}
