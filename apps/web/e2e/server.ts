import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/main.js');

export const E2E_ADMIN_PASSWORD = 'e2e admin password 42';

async function freePort(): Promise<number> {
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

/** The built server as `npm start` runs it, on its own port and data folder. */
export class TolkServer {
  private child: ChildProcess | undefined;
  private output = '';
  readonly dataDir: string;
  port = 0;

  constructor(dataDir?: string) {
    this.dataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-e2e-'));
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    if (!fs.existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run npm run build first`);
    this.port = this.port || (await freePort());
    this.output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        TOLK_DATA_DIR: this.dataDir,
        TOLK_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`server did not become healthy:\n${this.output}`);
  }

  /** Stops the server as a deployment would (SIGTERM); one that has not exited in 15 s is a failure. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        resolve(false);
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
      child.kill('SIGTERM');
    });
    if (exited) return;
    child.kill('SIGKILL');
    throw new Error(`the server did not stop within 15 s of SIGTERM:\n${this.output}`);
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
