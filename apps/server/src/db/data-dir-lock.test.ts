import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirHolder, DataDirInUse, LOCK_FILE, lockDataDir, type DataDirHolder } from './data-dir-lock';

const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A lock file as another process would have left it. */
function leave(dir: string, holder: Partial<DataDirHolder>) {
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: os.hostname(), role: 'server', since: '2026-01-01T00:00:00.000Z', ...holder }),
  );
}

const startOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe('the data folder lock', () => {
  it('is held by one owner at a time and gone when released', () => {
    const dir = folder();
    const lock = lockDataDir(dir, 'backup');
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, role: 'backup', host: os.hostname() });
    expect(() => lockDataDir(dir, 'server')).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir, 'server')).toThrow(/in use by a backup \(npm run backup\) \(process \d+, since /);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir, 'server').release();
  });

  it('is taken over from a process that has gone (a crash or a kill leaves the file behind)', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    leave(dir, { pid: gone });
    expect(dataDirHolder(dir)).toBeUndefined();
    const lock = lockDataDir(dir, 'server');
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('holds for a running process, but not for another process that got its pid later', async () => {
    const dir = folder();
    const sleeper = spawn('sleep', ['30']);
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    try {
      const pid = sleeper.pid!;
      leave(dir, { pid, processStart: startOf(pid) });
      expect(dataDirHolder(dir)?.pid).toBe(pid);
      expect(() => lockDataDir(dir, 'backup')).toThrow(new RegExp(`in use by a Tolk server \\(process ${pid}, since`));
      leave(dir, { pid, processStart: '1' });
      expect(dataDirHolder(dir)).toBeUndefined();
    } finally {
      sleeper.kill();
    }
  });

  it('holds for a process on another machine (a shared volume), saying which file to delete if it is gone', () => {
    const dir = folder();
    leave(dir, { pid: 12345, host: 'another-host' });
    expect(() => lockDataDir(dir, 'backup')).toThrow(
      `The data folder ${dir} is in use by a Tolk server (process 12345 on another-host, since 2026-01-01T00:00:00.000Z). ` +
        `If nothing runs there on this folder any more, delete ${path.join(dir, LOCK_FILE)}.`,
    );
  });

  it('is not held by a file naming this very process that this process never took (a restarted container’s pid 1)', () => {
    const dir = folder();
    leave(dir, { pid: process.pid });
    expect(dataDirHolder(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir, 'restore').release();
  });
});
