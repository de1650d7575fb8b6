import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupTarget, defaultBackupName } from './backup';
import { runBackupCommand, USAGE } from './cli';

const cwd = os.tmpdir();
const postgres = { DATABASE_URL: 'postgres://tolk:secret@db.example.org:5432/tolk', PATH: process.env.PATH };

describe('npm run backup and restore on PostgreSQL', () => {
  it('print the pg_dump and pg_restore commands instead, without the password, and end with code 2', async () => {
    const backup = await runBackupCommand(['backup'], postgres, cwd);
    expect(backup.code).toBe(2);
    const text = backup.out.join('\n');
    expect(text).toMatch(
      /pg_dump --format=custom --no-owner --file=backups\/tolk-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump "\$DATABASE_URL"/,
    );
    expect(text).toContain('pg_restore --clean --if-exists --no-owner --exit-on-error --dbname="$DATABASE_URL"');
    expect(text).toContain('nothing was backed up');
    expect(text).not.toContain('secret');
    expect(text).toMatch(/Photos are on this instance's disk in .*uploads: copy that folder too/);

    const restore = await runBackupCommand(['restore', 'nightly.dump'], postgres, cwd);
    expect(restore.code).toBe(2);
    expect(restore.out.join('\n')).toContain(
      'pg_restore --clean --if-exists --no-owner --exit-on-error --dbname="$DATABASE_URL" nightly.dump',
    );
  });

  it('say that photos in a bucket are backed up with the store’s own tools', async () => {
    const outcome = await runBackupCommand(
      ['backup'],
      {
        ...postgres,
        TOLK_S3_BUCKET: 'tolk-photos',
        TOLK_S3_ENDPOINT: 'http://minio:9000',
        TOLK_S3_ACCESS_KEY_ID: 'key',
        TOLK_S3_SECRET_ACCESS_KEY: 'secret',
      },
      cwd,
    );
    expect(outcome.out.join('\n')).toContain(
      "Photos are in the bucket tolk-photos at http://minio:9000 (TOLK_S3_BUCKET), not in this file:\nback the bucket up with the store's own tools",
    );
  });
});

describe('the command line', () => {
  it('refuses what it does not know, and a restore without a file, with the usage', async () => {
    for (const argv of [[], ['dump'], ['backup', '--all'], ['backup', 'a.tar', 'b.tar'], ['backup', '--force']]) {
      expect(await runBackupCommand(argv, postgres, cwd)).toEqual({ code: 1, out: [], err: [USAGE] });
    }
    const noFile = await runBackupCommand(['restore'], postgres, cwd);
    expect(noFile.err[0]).toMatch(/^Which backup\?/);
    const badConfig = await runBackupCommand(['backup'], { TOLK_S3_BUCKET: 'photos' }, cwd);
    expect(badConfig).toMatchObject({ code: 1, err: [expect.stringContaining('required with TOLK_S3_BUCKET')] });
  });

  it('names a backup by its time, in the folder asked for or the default one, or as the file asked for', () => {
    const now = new Date('2026-11-25T04:40:12.345Z');
    expect(defaultBackupName(now)).toBe('tolk-backup-2026-11-25T04-40-12Z.tar');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-target-'));
    try {
      expect(backupTarget(undefined, folder, '/srv/tolk/backups', now)).toBe(
        '/srv/tolk/backups/tolk-backup-2026-11-25T04-40-12Z.tar',
      );
      expect(backupTarget('nightly/', folder, '/x', now)).toBe(
        path.join(folder, 'nightly', 'tolk-backup-2026-11-25T04-40-12Z.tar'),
      );
      expect(backupTarget('.', folder, '/x', now)).toBe(path.join(folder, 'tolk-backup-2026-11-25T04-40-12Z.tar'));
      expect(backupTarget('monday.tar', folder, '/x', now)).toBe(path.join(folder, 'monday.tar'));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
