import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { bootstrap } from './modules/accounts';
import { emptyProfile } from './modules/profiles';
import { closeGracefully } from './shutdown';

async function main() {
  const config = loadConfig();
  // PGlite is one process's database: a second server, a backup or a restore is refused while this one runs.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, 'server');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteThread: config.pgliteThread,
  });
  await database.migrate();
  const first = await bootstrap(database.db, config.adminPassword, emptyProfile);
  const app = await buildApp({ config, database });

  if (first.generatedAdminPassword) {
    // Shown once, on the run that created the account; it is stored only as a hash.
    process.stdout.write(
      `\n  Superadmin created: username "admin", password "${first.generatedAdminPassword}"\n` +
        '  Write it down now: it is not shown again. (Set TOLK_ADMIN_PASSWORD to choose it.)\n\n',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const clean = await closeGracefully(app, { graceMs: config.shutdownGraceMs });
    await database.close();
    lock?.release();
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`;
  app.log.info(`Tolk is serving http://localhost:${config.port} (database: ${where})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tolk failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
