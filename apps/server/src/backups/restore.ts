import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { dataDirHolder, DataDirInUse, LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { accounts, muses, uploads } from '../db/schema/index';
import { localUploadsDir } from '../modules/uploads';
import { DamagedBackup, readArchive, type BackupManifest } from './backup-archive';
import type { DataFolder } from './backup';

/** What a restored database holds, read back through the app's own database layer. */
export interface RestoredCounts {
  accounts: number;
  muses: number;
  photos: number;
}

export class DataFolderNotEmpty extends Error {
  constructor(dataDir: string, entries: string[]) {
    super(
      `The data folder ${dataDir} is not empty (${entries.join(', ')}). Restore into a new folder ` +
        '(TOLK_DATA_DIR=/path/to/new npm run restore -- FILE), or add --force to replace its database and photos.',
    );
    this.name = 'DataFolderNotEmpty';
  }
}

/** A key from the archive as a path inside `root`, never outside it, whatever the archive says. */
function inside(root: string, key: string, file: string): string {
  const full = path.resolve(root, key);
  if (!key || path.isAbsolute(key) || !full.startsWith(root + path.sep)) {
    throw new DamagedBackup(file, `it names a photo outside the photo folder (${key})`);
  }
  return full;
}

/**
 * Restores a backup file into a data folder that is new or empty, or with `force` over the
 * database and photos of one (other files in it stay). Everything is unpacked and the database
 * opened beside the folder's contents first, so a damaged file leaves the folder as it was; only
 * then do the restored database and photos take the old ones' places.
 */
export async function restoreBackup(
  file: string,
  folder: DataFolder,
  options: { force: boolean },
): Promise<{ manifest: BackupManifest; counts: RestoredCounts }> {
  if (!fs.existsSync(file)) throw new Error(`There is no file ${file}.`);
  const holder = fs.existsSync(folder.dataDir) ? dataDirHolder(folder.dataDir) : undefined;
  if (holder) throw new DataDirInUse(folder.dataDir, holder);
  const present = fs.existsSync(folder.dataDir) ? fs.readdirSync(folder.dataDir).filter((e) => e !== LOCK_FILE) : [];
  if (present.length && !options.force) throw new DataFolderNotEmpty(folder.dataDir, present);

  const lock = lockDataDir(folder.dataDir, 'restore');
  const staging = fs.mkdtempSync(path.join(folder.dataDir, '.restoring-'));
  try {
    const stagedPhotos = path.join(staging, 'uploads');
    const { manifest, database } = await readArchive(file, async (key, content) => {
      const target = inside(stagedPhotos, key, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(content, fs.createWriteStream(target, { flags: 'wx' }));
    });

    const stagedDatabase = path.join(staging, 'pglite');
    try {
      const pglite = await PGlite.create(stagedDatabase, { loadDataDir: new Blob([database]) });
      await pglite.close();
    } catch (error) {
      throw new DamagedBackup(file, `its database could not be loaded (${(error as Error).message})`, { cause: error });
    }
    const counts = await countRestored(stagedDatabase);

    for (const [staged, target] of [
      [stagedDatabase, folder.pgliteDir],
      [stagedPhotos, localUploadsDir(folder.dataDir)],
    ] as const) {
      fs.rmSync(target, { recursive: true, force: true });
      if (fs.existsSync(staged)) fs.renameSync(staged, target);
    }
    return { manifest, counts };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** Opens the restored database as the server will and counts what is in it. */
async function countRestored(pgliteDir: string): Promise<RestoredCounts> {
  const database = await openDatabase({ pgliteDir, pgliteThread: false });
  try {
    const { db } = database;
    return {
      accounts: await db.$count(accounts),
      muses: await db.$count(muses),
      photos: await db.$count(uploads),
    };
  } finally {
    await database.close();
  }
}
