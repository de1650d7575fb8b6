import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * One process at a time owns a data folder: the server while it runs on PGlite, or a backup or a
 * restore. PGlite is PostgreSQL in one process without PostgreSQL's guard against a second one:
 * its postmaster.pid names no process (pid -42, left behind by a crash) and a second PGlite opens
 * the same folder without a word, which would corrupt it; a copy made while the server writes
 * would not be consistent either.
 * The owner is written in `tolk.lock` in the folder; a lock whose process has gone (a crash, a
 * SIGKILL, a power cut) is taken over.
 */
export const LOCK_FILE = 'tolk.lock';

export type DataDirRole = 'server' | 'backup' | 'restore';

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  role: z.enum(['server', 'backup', 'restore']),
  since: z.string(),
  /** When the process started, in the kernel's ticks since boot (Linux): tells a reused pid apart. */
  processStart: z.string().optional(),
});
export type DataDirHolder = z.infer<typeof holderSchema>;

/** Lock files this process holds (its own pid in a file proves nothing after a container restart). */
const heldHere = new Set<string>();

const WHAT: Record<DataDirRole, string> = {
  server: 'a Tolk server',
  backup: 'a backup (npm run backup)',
  restore: 'a restore (npm run restore)',
};

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    const elsewhere = holder.host !== os.hostname();
    super(
      `The data folder ${dataDir} is in use by ${WHAT[holder.role]} (process ${holder.pid}` +
        `${elsewhere ? ` on ${holder.host}` : ''}, since ${holder.since}).` +
        (elsewhere ? ` If nothing runs there on this folder any more, delete ${path.join(dataDir, LOCK_FILE)}.` : ''),
    );
    this.name = 'DataDirInUse';
  }
}

/** The process's start time from /proc, where there is one. */
function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the folder now, or undefined when nobody does (no lock, or one left by a process that is gone). */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let holder: DataDirHolder;
  try {
    holder = holderSchema.parse(JSON.parse(text));
  } catch {
    // Only a crash in the instant of writing it leaves a lock unreadable.
    return undefined;
  }
  // Another machine's process (a shared volume) cannot be asked: it holds until someone says otherwise.
  if (holder.host !== os.hostname()) return holder;
  if (holder.pid === process.pid) return heldHere.has(file) ? holder : undefined;
  if (!alive(holder.pid)) return undefined;
  const start = processStart(holder.pid);
  if (holder.processStart && start && start !== holder.processStart) return undefined;
  return holder;
}

export interface DataDirLock {
  release(): void;
}

/** Takes the folder for `role`, or throws DataDirInUse naming who has it. */
export function lockDataDir(dataDir: string, role: DataDirRole): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const started = processStart(process.pid);
  const me: DataDirHolder = {
    pid: process.pid,
    host: os.hostname(),
    role,
    since: new Date().toISOString(),
    ...(started ? { processStart: started } : {}),
  };
  const text = JSON.stringify(me);
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(file, `${text}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 3) throw error;
      const holder = dataDirHolder(dataDir);
      if (holder) throw new DataDirInUse(dataDir, holder);
      // Left by a process that is gone: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    try {
      if (fs.readFileSync(file, 'utf8').trim() === text) fs.rmSync(file);
    } catch {
      // Gone already.
    }
  };
  // process.exit() anywhere still lets the folder go; a kill leaves a lock the next owner takes over.
  process.on('exit', release);
  return { release };
}
