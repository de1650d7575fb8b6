import { randomBytes } from 'node:crypto';
import { PUBLIC_TENANT, ROOT_TENANT } from '@tolk/shared/roles';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../errors';
import { hashPassword } from './passwords';
import { createAccountsService, type AccountCreated } from './accounts.service';
import { createTenantsRepository } from './tenants.repository';

export const ADMIN_USERNAME = 'admin';

export interface BootstrapResult {
  /** Set only on the run that created the admin without a configured password: shown once. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/**
 * First run: the root and public tenants and a superadmin `admin` in root, made with what
 * `accountCreated` makes for every account (its profile). Later runs change nothing.
 */
export async function bootstrap(
  db: Database,
  adminPassword: string | undefined,
  accountCreated: AccountCreated,
): Promise<BootstrapResult> {
  const tenants = createTenantsRepository(db);
  const accounts = createAccountsService(db);
  const rootId = await tenants.ensure(ROOT_TENANT, 'Tolk');
  await tenants.ensure(PUBLIC_TENANT, 'Members');
  if (await accounts.findByUsername(ADMIN_USERNAME)) return { adminCreated: false };

  const password = adminPassword ?? randomBytes(18).toString('base64url');
  try {
    await accounts.create(
      {
        tenantId: rootId,
        username: ADMIN_USERNAME,
        passwordHash: await hashPassword(password),
        displayName: 'Administrator',
        language: 'en',
        roles: 'superadmin',
      },
      accountCreated,
    );
  } catch (error) {
    // Another instance created it first.
    if (isUniqueViolation(error)) return { adminCreated: false };
    throw error;
  }
  return adminPassword ? { adminCreated: true } : { adminCreated: true, generatedAdminPassword: password };
}
