import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import { adminQuery, uniqueName, withDatabase } from '../../test/databases';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENTS = 20;

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

/** The real server process, so that SIGKILL means what it means in production. */
class ServerProcess {
  child: ChildProcess | undefined;
  output = '';
  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${this.output}`);
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => {
        resolve();
      });
      child.kill(signal);
    });
  }
}

interface Client {
  token: string;
  acknowledged: Map<string, number>;
  unacknowledged: Set<string>;
  /** Muses the server stored and answered, whose answer this client never got (seq as stored). */
  lostAcks: Map<string, number>;
}

describe('a crash while twenty clients send', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-crash-'));
  const databaseName = uniqueName('tolk_crash');
  let server: ServerProcess;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) await adminQuery(url, `create database ${databaseName} template ${inject('postgresTemplate')}`);
    server = new ServerProcess(await freePort(), {
      TOLK_DATA_DIR: dataDir,
      TOLK_ADMIN_PASSWORD: 'crash test admin password',
      DATABASE_URL: url ? withDatabase(url, databaseName) : '',
      // One instance needs no Redis; with it, rate-limit counters would be shared with every other run.
      REDIS_URL: '',
    });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    await server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (url) await adminQuery(url, `drop database if exists ${databaseName} with (force)`);
  });

  it('keeps every acknowledged muse exactly once and loses nothing that is resent', async () => {
    const postWithStatus = async (pathname: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname} ${res.status} ${await res.text()}`);
      const json: unknown = await res.json();
      return { status: res.status, body: json };
    };
    const post = async <T>(pathname: string, body: unknown, token?: string): Promise<T> =>
      (await postWithStatus(pathname, body, token)).body as T;

    const accounts: LoginResponse[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      accounts.push(
        await post<LoginResponse>('/auth/register', {
          username: `crash-${i}-${randomUUID().slice(0, 6)}`,
          password: `Crash-${randomUUID()}`,
          language: i % 2 ? 'es' : 'en',
        }),
      );
    }
    const [owner, ...others] = accounts as [LoginResponse, ...LoginResponse[]];
    const group = await post<Conversation>(
      '/conversations',
      { kind: 'group', title: 'Crash test', members: others.map((a) => a.username) },
      owner.token,
    );
    const clients: Client[] = accounts.map((a) => ({
      token: a.token,
      acknowledged: new Map(),
      unacknowledged: new Set(),
      lostAcks: new Map(),
    }));

    /** Sends once; the status the server answered (201 stored now, 200 stored before), or 0. */
    const sendOne = async (client: Client, clientId: string, loseAck = false) => {
      try {
        const { status, body } = await postWithStatus(
          `/conversations/${group.id}/muses`,
          { clientId, text: `muse ${clientId}`, from: 'en' },
          client.token,
        );
        const muse = body as Muse;
        // The answer is dropped on the way back, as a cut connection would: the muse is stored,
        // the client does not know it and must resend.
        if (loseAck) client.lostAcks.set(clientId, muse.seq);
        else {
          client.acknowledged.set(clientId, muse.seq);
          client.unacknowledged.delete(clientId);
        }
        return status;
      } catch {
        return 0;
      }
    };

    // Each client sends one muse after another until its first failure (the crash); the answer
    // to its second muse never reaches it.
    let crashed = false;
    const senders = clients.map(async (client) => {
      for (let n = 0; !crashed; n++) {
        const clientId = randomUUID();
        client.unacknowledged.add(clientId);
        if (!(await sendOne(client, clientId, n === 1))) return;
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    // Every client is past the muse whose answer it lost, however slow the machine is today.
    const patience = Date.now() + 30_000;
    while (clients.some((c) => c.lostAcks.size === 0) && Date.now() < patience) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.kill('SIGKILL');
    crashed = true;
    await Promise.all(senders);
    const ackedBefore = clients.reduce((n, c) => n + c.acknowledged.size, 0);
    expect(ackedBefore).toBeGreaterThan(CLIENTS);

    await server.start();
    // Resend everything not acknowledged, with the same client ids.
    const resent = { stored: 0, storedInCrash: 0, created: 0 };
    for (const client of clients) {
      for (const clientId of [...client.unacknowledged]) {
        const status = await sendOne(client, clientId);
        expect([200, 201]).toContain(status);
        if (status === 201) resent.created++;
        else if (client.lostAcks.has(clientId)) {
          resent.stored++;
          // The same muse, at the place it was stored, not a second one.
          expect(client.acknowledged.get(clientId)).toBe(client.lostAcks.get(clientId));
        } else resent.storedInCrash++;
      }
    }
    // The stored-but-unacknowledged case is exercised: every lost answer came back as 200, the muse
    // already there. (Muses in flight at the kill may add to storedInCrash; how many is up to timing.)
    const lost = clients.reduce((n, c) => n + c.lostAcks.size, 0);
    expect(lost).toBe(CLIENTS);
    expect(resent.stored).toBe(lost);

    // Catch up from the start, page by page.
    const seen: Muse[] = [];
    let after = 0;
    for (;;) {
      const res = await fetch(`${server.url}/api/conversations/${group.id}/muses?after=${after}&limit=100`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const page = (await res.json()) as MusesPage;
      seen.push(...page.muses);
      after = page.muses.at(-1)?.seq ?? after;
      if (!page.hasMore) break;
    }

    const sent = clients.flatMap((c) => [...c.acknowledged.entries()]);
    const byClientId = new Map<string, number>();
    for (const muse of seen) byClientId.set(muse.clientId, (byClientId.get(muse.clientId) ?? 0) + 1);
    // Every acknowledged muse, once, with the sequence its acknowledgement gave.
    for (const [clientId, seq] of sent) {
      expect(byClientId.get(clientId)).toBe(1);
      expect(seen.find((m) => m.clientId === clientId)?.seq).toBe(seq);
    }
    // Nothing extra, and the sequence has no holes.
    expect(seen).toHaveLength(sent.length);
    expect(seen.map((m) => m.seq)).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
  }, 180_000);
});
