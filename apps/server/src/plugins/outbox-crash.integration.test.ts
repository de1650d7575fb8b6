import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, uniqueName, withDatabase } from '../test/databases';
import { FROM_SOURCES, ServerProcess } from '../test/server-process';
import { quietWindow } from '../test/sockets';

/**
 * Issue 32: a server killed (SIGKILL) between queueing mail and sending it sends every mail once
 * after it restarts. The mail server hangs on the first mails, so the process dies with them
 * claimed and half sent; after the restart the lease runs out, and each is sent again, once.
 */
describe('a crash between queueing and sending', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-outbox-crash-'));
  const databaseName = uniqueName('tolk_outbox_crash');
  const accepted: ParsedMail[] = [];
  let stalled = 0;
  let stall = true;
  let smtp: SMTPServer;
  let server: ServerProcess;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        if (stall) {
          // Reads the mail and never answers: the sender is left waiting, as on a hung server.
          stalled += 1;
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            accepted.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    // The server is killed mid-conversation on purpose: its connection resets (ECONNRESET), which
    // the mail server reports as an error that, unheard, fails the whole test run.
    smtp.on('error', () => undefined);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const url = process.env.DATABASE_URL;
    if (url) await adminQuery(url, `create database ${databaseName} template ${inject('postgresTemplate')}`);
    server = new ServerProcess({
      args: FROM_SOURCES,
      dataDir,
      env: {
        TOLK_ADMIN_PASSWORD: 'outbox crash admin password',
        DATABASE_URL: url ? withDatabase(url, databaseName) : '',
        REDIS_URL: '',
        TOLK_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TOLK_PUBLIC_URL: 'https://tolk.test',
        TOLK_OUTBOX_LEASE_SECONDS: '3',
      },
    });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    await server.stop();
    await new Promise<void>((resolve) => {
      smtp.close(resolve);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (url) await adminQuery(url, `drop database if exists ${databaseName} with (force)`);
  });

  it('sends each queued mail exactly once after the restart', async () => {
    const addresses = ['one@example.org', 'two@example.org', 'three@example.org'];
    for (const [i, email] of addresses.entries()) {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `crash-${i}-${Date.now().toString(36)}`,
          password: 'Harbour-lights-2026',
          email,
        }),
      });
      expect(res.status, await res.text()).toBe(201);
    }
    // The server has them claimed and is sending: the mail server holds every one.
    await expect.poll(() => stalled, { timeout: 20_000 }).toBe(addresses.length);
    await server.kill();
    stall = false;

    await server.start();
    await expect.poll(() => accepted.length, { timeout: 30_000, interval: 200 }).toBe(addresses.length);
    // Nothing more comes: the lease of each is over and each is done.
    await quietWindow(4_000);
    expect(accepted.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text)).sort()).toEqual([...addresses].sort());
    const tokens = accepted.map((mail) => /token=([\w-]+)/.exec(mail.text ?? '')?.[1]);
    expect(new Set(tokens).size).toBe(addresses.length);
  }, 120_000);
});
