import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { DataDirInUse } from '../db/data-dir-lock';
import { localUploadsDir } from '../modules/uploads';
import { backupTarget, defaultBackupName, makeBackup } from './backup';
import { restoreBackup } from './restore';

export const USAGE = `Usage:
  npm run backup [-- FILE-OR-FOLDER]     back up the embedded database and photos into one file
                                         (default: backups/tolk-backup-<time>.tar)
  npm run restore -- FILE [--force]      restore one into TOLK_DATA_DIR (new or empty, or --force
                                         to replace its database and photos)`;

/** What a run says and how it ends: 0 done, 1 failed, 2 nothing done (PostgreSQL: its own tools do it). */
export interface Outcome {
  code: 0 | 1 | 2;
  out: string[];
  err: string[];
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where the photos are when they are not in the file, and how to keep them. */
function photosElsewhere(config: Config): string[] {
  if (!config.s3) return [];
  const where = config.s3.endpoint ? ` at ${config.s3.endpoint}` : '';
  return [
    `Photos are in the bucket ${config.s3.bucket}${where} (TOLK_S3_BUCKET), not in this file:`,
    "back the bucket up with the store's own tools (versioning or replication, `mc mirror`, `aws s3 sync`).",
  ];
}

function postgresInstead(config: Config, command: 'backup' | 'restore', file: string | undefined): string[] {
  const dump = file ?? path.join('backups', defaultBackupName().replace(/\.tar$/, '.dump'));
  const lines = [
    `Tolk's database is PostgreSQL (DATABASE_URL is set): ${command === 'backup' ? 'back it up' : 'restore it'} with`,
    `PostgreSQL's own tools; nothing was ${command === 'backup' ? 'backed up' : 'restored'}. With DATABASE_URL exported in this shell:`,
    '',
  ];
  if (command === 'backup') {
    lines.push(`  mkdir -p backups && pg_dump --format=custom --no-owner --file=${dump} "$DATABASE_URL"`, '');
    lines.push('Restore it later (every Tolk instance stopped) with:', '');
  } else {
    lines.push('Stop every Tolk instance first, then:', '');
  }
  lines.push(`  pg_restore --clean --if-exists --no-owner --exit-on-error --dbname="$DATABASE_URL" ${dump}`, '');
  if (config.s3) {
    lines.push(...photosElsewhere(config));
  } else {
    const uploads = localUploadsDir(config.dataDir);
    lines.push(
      `Photos are on this instance's disk in ${uploads}: copy that folder too, for instance`,
      `  tar -cf backups/photos.tar -C ${path.dirname(uploads)} ${path.basename(uploads)}`,
    );
  }
  return lines;
}

/** Runs one command; `cwd` is where relative paths given on the command line start from. */
export async function runBackupCommand(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Outcome> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const unknown = rest.filter((arg) => arg.startsWith('-') && arg !== '--force');
  const paths = rest.filter((arg) => !arg.startsWith('-'));
  const fail = (message: string): Outcome => ({ code: 1, out: [], err: [message] });
  if (command !== 'backup' && command !== 'restore') return fail(USAGE);
  if (unknown.length || paths.length > 1 || (command === 'backup' && force)) return fail(USAGE);
  if (command === 'restore' && !paths[0]) return fail(`Which backup? ${USAGE}`);

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (config.databaseUrl) return { code: 2, out: postgresInstead(config, command, paths[0]), err: [] };

  const folder = { dataDir: config.dataDir, pgliteDir: config.pgliteDir };
  try {
    if (command === 'backup') {
      // ./backups beside ./data: relative to the folder the server runs from, as TOLK_DATA_DIR is.
      const target = backupTarget(paths[0], cwd, path.resolve('backups'));
      const { file, manifest } = await makeBackup(folder, target);
      const total = manifest.database.bytes + manifest.uploads.bytes;
      return {
        code: 0,
        out: [
          `Backup written: ${file}`,
          `  ${megabytes(total)}: the database and ${plural(manifest.uploads.files, 'photo file', 'photo files')}` +
            ` from ${config.dataDir}.`,
          ...photosElsewhere(config),
        ],
        err: [],
      };
    }
    const file = path.resolve(cwd, paths[0]!);
    const { manifest, counts } = await restoreBackup(file, folder, { force });
    return {
      code: 0,
      out: [
        `Restored ${file} (made ${manifest.createdAt}) into ${config.dataDir}:`,
        `  ${plural(counts.accounts, 'account', 'accounts')}, ${plural(counts.muses, 'muse', 'muses')}, ` +
          `${plural(counts.photos, 'photo', 'photos')} in the database, ` +
          `${plural(manifest.uploads.files, 'photo file', 'photo files')} on disk.`,
        'Start the server with npm start.',
        ...photosElsewhere(config),
      ],
      err: [],
    };
  } catch (error) {
    if (error instanceof DataDirInUse && error.holder.role === 'server') {
      return fail(
        `${error.message}\nStop the server first (Ctrl-C, or SIGTERM: it finishes the requests under way), then run ` +
          `npm run ${command} again. The embedded database is one process's: it is copied or replaced only while ` +
          'nothing writes to it.',
      );
    }
    return fail((error as Error).message);
  }
}
