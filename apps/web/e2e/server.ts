import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, ServerProcess } from '../../server/src/test/server-process';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const E2E_ADMIN_PASSWORD = 'e2e admin password 42';

/** The built server as `npm start` runs it, on its own port and data folder. */
export class TolkServer {
  private readonly process: ServerProcess;
  readonly dataDir: string;

  /** `env`: settings of this server beyond the usual ones (a platform fee, say). */
  constructor(dataDir?: string, env: Record<string, string> = {}) {
    this.dataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-e2e-'));
    this.process = new ServerProcess({
      args: ['--enable-source-maps', SERVER_BUNDLE],
      cwd: repoRoot,
      dataDir: this.dataDir,
      env: {
        TOLK_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        DATABASE_URL: '',
        ...env,
      },
    });
  }

  /** The port, once started; a restart keeps it. */
  get port(): number {
    return this.process.port;
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  /** Starts the server and waits until it is ready. */
  async start(): Promise<void> {
    if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);
    await this.process.start();
  }

  /** Stops the server as a deployment would (SIGTERM); one that has not exited in 15 s is a failure. */
  async stop(): Promise<void> {
    await this.process.stop();
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
