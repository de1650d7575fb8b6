import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/data-dir-lock';
import { localUploadsDir } from '../modules/uploads';
import { uploadFiles, writeArchive, type BackupManifest } from './backup-archive';

/** Where a data folder's embedded database and photos are (config.ts: pgliteDir is dataDir/pglite). */
export interface DataFolder {
  dataDir: string;
  pgliteDir: string;
}

/** `tolk-backup-2026-11-25T04-40-12Z.tar`: sorts by time, and has no character a file system refuses. */
export function defaultBackupName(now = new Date()): string {
  return `tolk-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar`;
}

/**
 * Where to write: the file asked for (relative to `cwd`), or a new timestamped name in a folder
 * (one that exists, or one written with a trailing slash), by default `defaultFolder`.
 */
export function backupTarget(asked: string | undefined, cwd: string, defaultFolder: string, now = new Date()): string {
  if (!asked) return path.join(defaultFolder, defaultBackupName(now));
  const out = path.resolve(cwd, asked);
  const isFolder = /[/\\]$/.test(asked) || (fs.existsSync(out) && fs.statSync(out).isDirectory());
  return isFolder ? path.join(out, defaultBackupName(now)) : out;
}

export class NothingToBackUp extends Error {
  constructor(pgliteDir: string) {
    super(`There is no embedded database in ${pgliteDir} to back up (npm start creates it on its first run).`);
    this.name = 'NothingToBackUp';
  }
}

/**
 * Backs up a data folder into one file: PGlite's dump of its database and every photo file on the
 * local disk. The folder is taken for the whole time (lockDataDir), so a running server makes this
 * refuse (DataDirInUse) and a server started meanwhile refuses to start: what is copied is one
 * moment of a database nobody writes to.
 */
export async function makeBackup(
  folder: DataFolder,
  file: string,
): Promise<{ file: string; manifest: BackupManifest }> {
  if (fs.existsSync(file)) throw new Error(`${file} exists already: choose another name.`);
  if (!fs.existsSync(path.join(folder.pgliteDir, 'PG_VERSION'))) throw new NothingToBackUp(folder.pgliteDir);
  const lock = lockDataDir(folder.dataDir, 'backup');
  try {
    const pglite = await PGlite.create(folder.pgliteDir);
    let postgres: string;
    let dump: Blob;
    try {
      postgres = (await pglite.query<{ version: string }>('select version()')).rows[0]?.version ?? 'unknown';
      dump = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    const database = Buffer.from(await dump.arrayBuffer());
    const uploads = uploadFiles(localUploadsDir(folder.dataDir));
    const manifest: BackupManifest = {
      format: 'tolk-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: {
        engine: 'pglite',
        postgres,
        bytes: database.length,
        sha256: createHash('sha256').update(database).digest('hex'),
      },
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, upload) => sum + upload.size, 0) },
    };
    await writeArchive(file, { manifest, database, uploads });
    return { file, manifest };
  } finally {
    lock.release();
  }
}
