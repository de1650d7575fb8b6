// Shared by start.mjs and test.mjs: dependency install, system packages, stale-aware builds.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m[tolk]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            Object.assign(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`), {
              exitCode: code ?? 1,
            }),
          ),
    );
  });
}

/** npm ci when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs;
  if (!stale) return;
  log('installing dependencies (npm ci)...');
  await run('npm', ['ci', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Debian packages a step needs, each known by a binary on PATH or a file it installs:
 * installed with apt-get when running as root on Debian,
 * otherwise the exact command to run is printed and the step fails.
 */
export async function ensureSystemPackages(packages) {
  const missing = packages
    .filter(({ binary, file }) => (binary ? !has(binary) : !fs.existsSync(file)))
    .map(({ name }) => name);
  if (!missing.length) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !has('apt-get')) {
    throw Object.assign(
      new Error(
        `missing system packages: ${missing.join(', ')}.\nInstall them with: sudo apt-get install -y ${missing.join(' ')}`,
      ),
      { exitCode: 2 },
    );
  }
  log(`installing system packages: ${missing.join(', ')}...`);
  await run('apt-get', ['update', '-qq'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function hashTree(paths) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
          continue;
        visit(path.join(p, entry));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return hash.digest('hex');
}

const targets = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/locale-parts.ts',
      'apps/web/scripts',
      'apps/web/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
    stamp: 'apps/web/dist/.build-stamp',
    command: ['npm', ['run', 'build', '-w', '@tolk/web']],
  },
  server: {
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/bundle-options.mjs',
      'packages/shared/src',
      'package-lock.json',
    ],
    stamp: 'apps/server/dist/.build-stamp',
    command: ['npm', ['run', 'build', '-w', '@tolk/server']],
  },
};

/** Builds the web app and the server bundle (or only those named) unless their sources are unchanged since the last build. */
export async function buildIfStale(names = Object.keys(targets)) {
  for (const name of names) {
    const target = targets[name];
    const digest = hashTree(target.inputs);
    const stamp = path.join(root, target.stamp);
    if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) continue;
    log(`building the ${name}...`);
    await run(...target.command);
    fs.writeFileSync(stamp, digest);
  }
}
