import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { verifyPassword } from './passwords';
import { emptyProfile } from '../profiles/profiles.service';
import { createAccountsRepository } from './accounts.repository';
import { bootstrap } from './bootstrap';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// PostgreSQL keeps data by nature; this is about the embedded default's folder.
describe.skipIf(Boolean(process.env.DATABASE_URL))('first run and restart on PGlite', () => {
  it('migrates an empty folder, creates the tenants and the admin once, and keeps data across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-first-run-'));
    dirs.push(dir);

    const first = await openDatabase({ pgliteDir: dir });
    await first.migrate();
    const created = await bootstrap(first.db, undefined, emptyProfile);
    expect(created.adminCreated).toBe(true);
    expect(created.generatedAdminPassword).toMatch(/^[\w-]{20,}$/);
    await createAccountsRepository(first.db).create({
      tenantId: (await createAccountsRepository(first.db).findByUsername('admin'))!.tenantId,
      username: 'kept-across-restart',
      passwordHash: 'x',
      displayName: '',
      language: 'en',
      roles: 'user',
    });
    await first.close();

    const again = await openDatabase({ pgliteDir: dir });
    await again.migrate();
    const second = await bootstrap(again.db, 'another password entirely', emptyProfile);
    expect(second).toEqual({ adminCreated: false });
    const accounts = createAccountsRepository(again.db);
    expect(await accounts.findByUsername('kept-across-restart')).toBeDefined();
    const admin = await accounts.findByUsername('ADMIN');
    expect(admin).toMatchObject({ tenant: 'root', roles: 'superadmin' });
    expect(await verifyPassword(admin!.passwordHash, created.generatedAdminPassword!)).toBe(true);
    await again.close();
  });
});
