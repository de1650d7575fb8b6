import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process';

/** Answers whether a Redis server answers PING on this port now. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => {
      done(false);
    });
    socket.once('error', () => {
      done(false);
    });
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      done(data.toString().startsWith('+PONG'));
    });
  });
}

/**
 * A Redis server of a test's own, on a free port, without persistence: one the test may kill and
 * start again on the same port without disturbing the shared one other tests use.
 */
export class RedisProcess {
  port = 0;
  private child: ChildProcess | undefined;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (on the same port as before, after the first time) and waits until it answers. */
  async start(): Promise<void> {
    this.port ||= await freePort();
    const child = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.child = child;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`redis-server exited before answering on port ${this.port}`);
      if (await pong(this.port)) return;
      // Polling a port, not settling: the next look comes after a short pause.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not answer on port ${this.port} within 10 s`);
  }

  /** Kills it at once (SIGKILL), as a crash would, and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
