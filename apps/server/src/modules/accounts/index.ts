/** The accounts module's public face: Accounts, tenants and passwords: the `accounts` decorator, the first run's bootstrap, argon2id hashing. Other modules import only this file. */
export { accountsPlugin } from './accounts.plugin';
export { createAccountsService } from './accounts.service';
export type { AccountCreated, AccountRow, AccountsService } from './accounts.service';
export { bootstrap } from './bootstrap';
export { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
export type { AuditRepository } from './audit.repository';
