import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long requests already under way may take to finish before their connections are cut. */
  graceMs: number;
  /** How often connections that have gone idle since the last sweep are closed. */
  sweepMs?: number;
}

/**
 * Closes the app the way a rolling deployment needs: no new connections, requests under way
 * answered, then out. Node closes the keep-alive connections that are idle when `close()` starts,
 * but one that was busy then and goes idle afterwards would stay open for the whole keep-alive
 * timeout (72 s in Fastify), holding the process; so idle ones are swept until the server has
 * closed. After `graceMs` every connection is cut. Resolves `true` when everything closed in time.
 */
export async function closeGracefully(app: FastifyInstance, options: ShutdownOptions): Promise<boolean> {
  const server = app.server;
  const sweep = setInterval(() => {
    server.closeIdleConnections();
  }, options.sweepMs ?? 100);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, options.graceMs);
  });
  try {
    const closed = await Promise.race([app.close().then(() => true as const), expired]);
    if (!closed) {
      server.closeAllConnections();
      app.log.warn({ graceMs: options.graceMs }, 'requests still running at the end of the grace period were cut');
    }
    return closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
