import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from './shutdown';
import { listen } from './test/sockets';

/**
 * A server with one route that answers after `ms`, listening on a free port; `reached` resolves
 * once a request is in the route.
 */
async function slowServer(ms: number) {
  const app = Fastify({ logger: false });
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  app.get('/slow', async () => {
    arrived();
    // The slow answer is what these tests are about.
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { ok: true };
  });
  const port = Number(new URL(await listen(app)).port);
  return { app, port, reached };
}

/** A GET over a keep-alive agent, so the connection stays open after the answer like a browser's. */
function get(port: number, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
        });
      })
      .on('error', reject);
  });
}

describe('closeGracefully', () => {
  it('answers the request under way, then closes without waiting out its keep-alive connection', async () => {
    const { app, port, reached } = await slowServer(300);
    const agent = new http.Agent({ keepAlive: true });
    const answer = get(port, agent);
    await reached;

    // Without the sweep, the connection (busy when close began) would hold the server for
    // Fastify's 72 s keep-alive timeout, well past this grace period, and the answer would be false.
    const closed = await closeGracefully(app, { graceMs: 10_000, sweepMs: 20 });

    expect(closed).toBe(true);
    await expect(answer).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    agent.destroy();
  });

  it('cuts a request that outlasts the grace period and says so', async () => {
    const { app, port, reached } = await slowServer(60_000);
    const agent = new http.Agent({ keepAlive: true });
    const answer = get(port, agent).catch((error: unknown) => error);
    await reached;

    await expect(closeGracefully(app, { graceMs: 200 })).resolves.toBe(false);
    expect(await answer).toBeInstanceOf(Error); // the connection was cut, not answered
    agent.destroy();
  });
});
