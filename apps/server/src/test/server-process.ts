import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server in a child process, for tests where a process matters (SIGKILL in the middle
 * of sends, a restart on the same data) and for the browser tests. No vitest here: Playwright
 * loads this module too (apps/web/e2e/server.ts).
 */

/** apps/server: the folder `npm start` and tsx run the server from. */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Node's arguments that run the server from its sources (needs tsx; run from `serverRoot`). */
export const FROM_SOURCES = ['--import', 'tsx', 'src/main.ts'];
/** The built server, as `npm start` runs it. */
export const SERVER_BUNDLE = path.join(serverRoot, 'dist/main.js');

/** How often start() asks whether the server is ready. */
const READY_POLL_MS = 100;

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

export interface ServerProcessOptions {
  /** Node's arguments: `FROM_SOURCES`, or the bundle with its flags. */
  args: string[];
  /** Where the process runs; `serverRoot` by default. */
  cwd?: string;
  /** TOLK_DATA_DIR, kept across restarts. */
  dataDir: string;
  /** Environment over this process's own (LOG_LEVEL is warn unless given). PORT, HOST and TOLK_DATA_DIR are set here. */
  env?: NodeJS.ProcessEnv;
  /** The port to listen on; by default a free one, found at the first start and kept across restarts. */
  port?: number;
  /** How long start() waits for /api/health/ready to answer 200. */
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before it kills the process and fails. */
  stopTimeoutMs?: number;
}

/** One server process at a time, started, stopped and started again on the same port and data. */
export class ServerProcess {
  port: number;
  /** What the current process wrote to stdout and stderr. */
  output = '';
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private running = false;

  constructor(readonly options: ServerProcessOptions) {
    this.port = options.port ?? 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running process's id (for its CPU figures in /proc). */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /** Starts the server and waits until /api/health/ready answers 200 (database up, warm-up done). */
  async start(): Promise<void> {
    if (this.running) throw new Error('The server is running already.');
    this.port ||= await freePort();
    this.output = '';
    const child = spawn(process.execPath, this.options.args, {
      cwd: this.options.cwd ?? serverRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...this.options.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        TOLK_DATA_DIR: this.options.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.running = true;
    let exit: string | undefined;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        exit = signal ?? `code ${code}`;
        this.running = false;
        resolve();
      });
    });
    child.once('error', (error) => (this.output += `${error.message}\n`));
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));

    const timeoutMs = this.options.readyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exit) throw new Error(`The server exited (${exit}) before it was ready:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      // Polling an endpoint, not settling: the next question goes after a short pause.
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    await this.kill();
    throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  /** Stops the server as a deployment would (SIGTERM); one still running after `stopTimeoutMs` is killed, and that is a failure. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const timeoutMs = this.options.stopTimeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          resolve(false);
        }, timeoutMs);
        child.kill('SIGTERM');
      }),
    ]);
    clearTimeout(timer);
    if (stopped) return;
    await this.kill();
    throw new Error(`The server did not stop within ${timeoutMs / 1000} s of SIGTERM:\n${this.output}`);
  }

  /** Kills the server at once (SIGKILL), as a crash or a power cut would, and waits for it to be gone. */
  async kill(): Promise<void> {
    if (!this.child || !this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
