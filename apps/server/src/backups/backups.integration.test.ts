import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Muse, Photo } from '@tolk/shared/schemas/conversations';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirInUse, lockDataDir } from '../db/data-dir-lock';
import { accounts, muses, uploads } from '../db/schema/index';
import { tinyPng, uploadPhoto } from '../modules/uploads/upload-fixtures';
import { newAccount, newConversation, signIn, type Member } from '../test/factories';
import { FROM_SOURCES, ServerProcess } from '../test/server-process';
import { DamagedBackup } from './backup-archive';
import { makeBackup, NothingToBackUp } from './backup';
import { runBackupCommand } from './cli';
import { DataFolderNotEmpty, restoreBackup } from './restore';

/**
 * A backup is of the embedded database: this file builds a PGlite data folder of its own, so the
 * PostgreSQL run (DATABASE_URL set, no PGlite template) leaves it to the PGlite run.
 */
let root: string;
const folderAt = (name: string) => ({ dataDir: path.join(root, name), pgliteDir: path.join(root, name, 'pglite') });
let original: ReturnType<typeof folderAt>;

function appConfig(dataDir: string) {
  return loadConfig({ TOLK_DATA_DIR: dataDir, TOLK_WEB_DIR: path.join(root, 'no-web'), TOLK_WARM_UP: 'false' });
}

async function openApp(dataDir: string): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  const config = appConfig(dataDir);
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  const app = await buildApp({ config, database, logger: false, subscriptionRenewEveryMs: 0 });
  await app.ready();
  return { app, database };
}

let writer: Member;
let reader: Member;
let photo: Photo;
let photoBytes: Buffer;
let museText: string;

describe.skipIf(!!process.env.DATABASE_URL)(
  'npm run backup and restore of the embedded database (PGlite run only)',
  () => {
    beforeAll(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-backups-'));
      original = folderAt('data');
      fs.cpSync(inject('pgliteTemplate'), original.pgliteDir, { recursive: true });
      const { app, database } = await openApp(original.dataDir);
      try {
        writer = await newAccount(app, { language: 'en' });
        reader = await newAccount(app, { language: 'es' });
        const chat = await newConversation(app, writer, { kind: 'direct', members: [reader.username] });
        const uploaded = await uploadPhoto(app, writer.headers, await tinyPng('#b45309'));
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        photo = uploaded.json<Photo>();
        museText = `Backed up ${randomUUID()}`;
        const sent = await app.inject({
          method: 'POST',
          url: `/api/conversations/${chat.id}/muses`,
          headers: writer.headers,
          payload: { clientId: randomUUID(), text: museText, from: 'en', photoId: photo.id },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        expect(sent.json<Muse>().photo?.id).toBe(photo.id);
        photoBytes = (await app.inject({ method: 'GET', url: photo.url, headers: reader.headers })).rawPayload;
      } finally {
        await app.close();
        await database.close();
      }
    });
    afterAll(() => {
      fs.rmSync(root, { recursive: true, force: true });
    });

    let backupFile: string;

    it('refuses while a server runs on the folder, saying to stop it first', async () => {
      const server = lockDataDir(original.dataDir, 'server');
      try {
        await expect(makeBackup(original, path.join(root, 'refused.tar'))).rejects.toThrow(DataDirInUse);
        const outcome = await runBackupCommand(['backup', path.join(root, 'refused.tar')], env(original.dataDir), root);
        expect(outcome.code).toBe(1);
        expect(outcome.err.join('\n')).toMatch(
          /is in use by a Tolk server \(process \d+, since .*\)\.\nStop the server first/,
        );
        expect(fs.existsSync(path.join(root, 'refused.tar'))).toBe(false);
      } finally {
        server.release();
      }
    });

    it('writes one timestamped file with the database and every photo file, and says where', async () => {
      const outcome = await runBackupCommand(['backup', 'backups/'], env(original.dataDir), root);
      expect(outcome.err).toEqual([]);
      expect(outcome.code).toBe(0);
      const [, file] = /^Backup written: (.+)$/.exec(outcome.out[0] ?? '') ?? [];
      expect(file).toMatch(/[/\\]backups[/\\]tolk-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/);
      expect(path.dirname(file!)).toBe(path.join(root, 'backups'));
      expect(outcome.out[1]).toMatch(/MB: the database and 2 photo files from /);
      backupFile = file!;
      expect(fs.statSync(backupFile).size).toBeGreaterThan(1000);
      // The folder is free again for the server.
      lockDataDir(original.dataDir, 'server').release();
    });

    it('restores it into a fresh folder where the app finds the accounts, the muse and the photo file', async () => {
      const fresh = folderAt('restored');
      const { manifest, counts } = await restoreBackup(backupFile, fresh, { force: false });
      expect(manifest.uploads.files).toBe(2);
      expect(counts).toMatchObject({ muses: 1, photos: 1 });
      expect(counts.accounts).toBeGreaterThanOrEqual(3);

      const database = await openDatabase({ pgliteDir: fresh.pgliteDir });
      try {
        const { db } = database;
        const names = (await db.select({ username: accounts.username }).from(accounts)).map((a) => a.username);
        expect(names).toEqual(expect.arrayContaining(['admin', writer.username, reader.username]));
        const [muse] = await db.select().from(muses).where(eq(muses.text, museText));
        expect(muse?.photoId).toBe(photo.id);
        const [row] = await db.select().from(uploads).where(eq(uploads.id, photo.id));
        const file = path.join(fresh.dataDir, 'uploads', row!.storageKey);
        expect(fs.readFileSync(file).equals(photoBytes)).toBe(true);
      } finally {
        await database.close();
      }

      // And the restored folder serves as it did: the same member signs in and opens the photo.
      const { app, database: served } = await openApp(fresh.dataDir);
      try {
        const again = await signIn(app, reader.username, reader.password);
        const res = await app.inject({ method: 'GET', url: photo.url, headers: again.headers });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(photoBytes)).toBe(true);
      } finally {
        await app.close();
        await served.close();
      }
    });

    it('refuses a folder that is not empty unless forced, and then replaces its database and photos only', async () => {
      const used = folderAt('restored');
      await expect(restoreBackup(backupFile, used, { force: false })).rejects.toThrow(DataFolderNotEmpty);
      const refused = await runBackupCommand(['restore', backupFile], env(used.dataDir), root);
      expect(refused.code).toBe(1);
      expect(refused.err[0]).toMatch(/is not empty \(pglite, uploads\)\. .* add --force/);

      fs.writeFileSync(path.join(used.dataDir, 'uploads', 'stray.txt'), 'not from the backup');
      fs.writeFileSync(path.join(used.dataDir, 'notes.txt'), 'kept');
      const forced = await runBackupCommand(['restore', backupFile, '--force'], env(used.dataDir), root);
      expect(forced.err).toEqual([]);
      expect(forced.code).toBe(0);
      expect(forced.out[1]).toMatch(/accounts, 1 muse, 1 photo in the database, 2 photo files on disk\./);
      expect(fs.existsSync(path.join(used.dataDir, 'uploads', 'stray.txt'))).toBe(false);
      expect(fs.readFileSync(path.join(used.dataDir, 'notes.txt'), 'utf8')).toBe('kept');
    });

    it('refuses a damaged or foreign file and leaves the folder as it was', async () => {
      const cut = path.join(root, 'cut.tar');
      const whole = fs.readFileSync(backupFile);
      fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const foreign = path.join(root, 'foreign.tar');
      fs.writeFileSync(foreign, 'not a tar file at all, just words'.repeat(40));
      for (const file of [cut, foreign]) {
        const target = folderAt(`damaged-${path.basename(file)}`);
        await expect(restoreBackup(file, target, { force: false })).rejects.toThrow(DamagedBackup);
        expect(fs.readdirSync(target.dataDir)).toEqual([]);
      }
      await expect(restoreBackup(path.join(root, 'none.tar'), folderAt('none'), { force: false })).rejects.toThrow(
        /There is no file/,
      );
    });

    it('says there is nothing to back up in a folder without a database', async () => {
      await expect(makeBackup(folderAt('empty'), path.join(root, 'empty.tar'))).rejects.toThrow(NothingToBackUp);
    });

    it('stops a server from starting while a backup holds the folder', async () => {
      const backup = lockDataDir(original.dataDir, 'backup');
      const server = new ServerProcess({ args: FROM_SOURCES, dataDir: original.dataDir, readyTimeoutMs: 30_000 });
      try {
        await expect(server.start()).rejects.toThrow(/The server exited \(code 1\)[^]*is in use by a backup/);
      } finally {
        await server.kill();
        backup.release();
      }
    });
  },
);

/** The environment a command runs with: this data folder, nothing else of this machine's. */
function env(dataDir: string): NodeJS.ProcessEnv {
  return { TOLK_DATA_DIR: dataDir, TOLK_WEB_DIR: path.join(root, 'no-web'), PATH: process.env.PATH };
}
