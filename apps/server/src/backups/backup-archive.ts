import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { z } from 'zod';

/**
 * A backup is one plain tar file, readable with any tar: `tolk-backup.json` first (what is in it),
 * then `pglite.tgz` (PGlite's own dump of its data folder), then every photo file under `uploads/`
 * with its storage key as its path. Photos are compressed already and the dump is gzipped, so the
 * whole is not compressed again.
 */
export const MANIFEST_ENTRY = 'tolk-backup.json';
export const DATABASE_ENTRY = 'pglite.tgz';
export const UPLOADS_PREFIX = 'uploads/';

export const manifestSchema = z.object({
  format: z.literal('tolk-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    engine: z.literal('pglite'),
    /** `select version()` of the database dumped: a PGlite of another PostgreSQL major cannot load it. */
    postgres: z.string(),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A photo file to put in the backup: its key (path under uploads/) and where it is now. */
export interface UploadFile {
  key: string;
  path: string;
  size: number;
}

/** Every file under `dir`, keyed by its path relative to it with forward slashes, leaving out half-written ones. */
export function uploadFiles(dir: string): UploadFile[] {
  if (!fs.existsSync(dir)) return [];
  const files: UploadFile[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // localDiskStorage writes `<key>.<pid>.tmp` and renames it: a leftover belongs to no photo.
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ key: path.relative(dir, full).split(path.sep).join('/'), path: full, size: fs.statSync(full).size });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** tar-stream's callback for an entry written, as a promise's ends. */
const settle = (resolve: () => void, reject: (error: Error) => void) => (error?: Error | null) => {
  if (error) reject(error);
  else resolve();
};

function addEntry(pack: tar.Pack, header: Partial<tar.Header> & { name: string }, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header, body, settle(resolve, reject));
  });
}

function addFile(pack: tar.Pack, name: string, file: UploadFile): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size: file.size, mode: 0o644 }, settle(resolve, reject));
    pipeline(fs.createReadStream(file.path), entry).catch(reject);
  });
}

/** Writes the archive to `file` through a temporary name, so a file by that name is always whole. */
export async function writeArchive(
  file: string,
  contents: { manifest: BackupManifest; database: Buffer; uploads: UploadFile[] },
): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  try {
    await addEntry(
      pack,
      { name: MANIFEST_ENTRY, mode: 0o644 },
      Buffer.from(JSON.stringify(contents.manifest, null, 2)),
    );
    await addEntry(pack, { name: DATABASE_ENTRY, mode: 0o644 }, contents.database);
    for (const upload of contents.uploads) await addFile(pack, UPLOADS_PREFIX + upload.key, upload);
    pack.finalize();
    await written;
    fs.renameSync(partial, file);
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export class DamagedBackup extends Error {
  constructor(file: string, why: string, options?: { cause: unknown }) {
    super(`${file} is not a Tolk backup or is damaged: ${why}.`, options);
    this.name = 'DamagedBackup';
  }
}

/**
 * Reads an archive written by writeArchive: the manifest (checked before anything else is read),
 * the database dump (checked against the manifest's length and SHA-256), and each photo, handed
 * to `onUpload` to store. A file that is not one, cut short or altered is a DamagedBackup.
 */
export async function readArchive(
  file: string,
  onUpload: (key: string, content: AsyncIterable<unknown>) => Promise<void>,
): Promise<{ manifest: BackupManifest; database: Buffer }> {
  const damaged = (why: string) => new DamagedBackup(file, why);
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  input.on('error', (error) => {
    extract.destroy(error);
  });
  input.pipe(extract);

  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  const uploads = { files: 0, bytes: 0 };
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw damaged(`it does not start with ${MANIFEST_ENTRY}`);
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const parsed = manifestSchema.safeParse(safeJson(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) throw damaged(`${MANIFEST_ENTRY} does not describe a backup this version can read`);
        manifest = parsed.data;
      } else if (name === DATABASE_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        database = Buffer.concat(chunks);
      } else if (name.startsWith(UPLOADS_PREFIX) && type === 'file') {
        uploads.files++;
        uploads.bytes += size;
        await onUpload(name.slice(UPLOADS_PREFIX.length), entry);
      } else {
        throw damaged(`it holds ${name}, which no Tolk backup has`);
      }
    }
  } catch (error) {
    if (error instanceof DamagedBackup) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`There is no file ${file}.`, { cause: error });
    throw new DamagedBackup(file, (error as Error).message.replace(/\.$/, ''), { cause: error });
  } finally {
    input.destroy();
  }
  if (!manifest) throw damaged('it is empty');
  if (!database) throw damaged(`${DATABASE_ENTRY} is missing`);
  if (
    database.length !== manifest.database.bytes ||
    createHash('sha256').update(database).digest('hex') !== manifest.database.sha256
  ) {
    throw damaged('the database in it is not the one it was made with');
  }
  if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
    throw damaged(
      `it holds ${uploads.files} photo files (${uploads.bytes} bytes) where it was made with ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`,
    );
  }
  return { manifest, database };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
