import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';
import { PUBLIC_TENANT } from '../roles';
import { languageCodeSchema, passwordSchema, staffDisplayNameSchema, usernameSchema } from './auth';

/**
 * Accounts and tenants as superadmins manage them (`/account` screens): a searchable, cursor-paged
 * list across tenants, create (with a one-time password when none is given), edit from a version,
 * suspend, reactivate, reset a password, sessions, the audit of every change, and tenants.
 */

/** Accounts per page of the list: what the web asks for, and the most the server gives. */
export const ACCOUNTS_PAGE_SIZE = 25;
export const ACCOUNTS_PAGE_MAX = 100;
export const ACCOUNT_SEARCH_MAX = 100;
/** Audit rows per page. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_MAX = 100;
/** The roles text: role names separated by commas or spaces ("user", "user,editor", "superadmin"). */
export const ROLES_MAX = 200;
export const TENANT_SLUG_MAX = 32;
export const TENANT_NAME_MAX = 80;
/** The live sessions an account's list shows at most, newest first. */
export const ACCOUNT_SESSIONS_MAX = 100;

export const rolesSchema = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(ROLES_MAX, `At most ${ROLES_MAX} characters.`)
  .regex(/^[A-Za-z0-9_-]+([ ,]+[A-Za-z0-9_-]+)*$/, 'Role names (letters, digits, "_" and "-") separated by commas.');

/** A tenant's stable name in sessions and claims: lower-case letters, digits and inner hyphens. */
export const tenantSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'At least 2 characters.')
  .max(TENANT_SLUG_MAX, `At most ${TENANT_SLUG_MAX} characters.`)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Lower-case letters, digits and "-" (not at either end).');

export const ACCOUNT_STATES = ['active', 'suspended'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** Newest first, or by username A to Z. */
export const ACCOUNT_SORTS = ['recent', 'username'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export const accountsQuerySchema = z.object({
  /** Part of the username or display name, any case. */
  q: textSchema(ACCOUNT_SEARCH_MAX).optional(),
  tenant: tenantSlugSchema.optional(),
  state: z.enum(ACCOUNT_STATES).optional(),
  sort: z.enum(ACCOUNT_SORTS).default('recent'),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(ACCOUNTS_PAGE_MAX).default(ACCOUNTS_PAGE_SIZE),
});
export type AccountsQuery = z.input<typeof accountsQuerySchema>;

/** An account as a superadmin (or its own member) reads it: never its password. */
export const adminAccountSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  language: z.string(),
  roles: z.string(),
  tenant: z.string(),
  superAdmin: z.boolean(),
  state: z.enum(ACCOUNT_STATES),
  suspendedAt: z.string().nullable(),
  /** Signed in with a one-time password that must be changed before anything else. */
  mustChangePassword: z.boolean(),
  /** The member's own address (recovery, notifications), and whether they proved it theirs. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest request of any of its sessions (to a few minutes), null when it never signed in. */
  lastActiveAt: z.string().nullable(),
  /** Send it back with an edit: an edit from an older version is refused with 409. */
  version: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const accountsPageSchema = z.object({ items: z.array(adminAccountSchema), nextCursor: z.string().nullable() });
export type AccountsPage = z.infer<typeof accountsPageSchema>;

export const createAccountInputSchema = z.object({
  username: usernameSchema,
  /** Without one, the server makes a one-time password, shown once, to be changed at first sign-in. */
  password: passwordSchema.optional(),
  displayName: staffDisplayNameSchema.default(''),
  language: languageCodeSchema.default('en'),
  roles: rolesSchema.default('user'),
  tenant: tenantSlugSchema.default(PUBLIC_TENANT),
});
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

/** The account, and the one-time password when the server made one: it is never shown again. */
export const createdAccountSchema = z.object({
  account: adminAccountSchema,
  oneTimePassword: z.string().nullable(),
});
export type CreatedAccount = z.infer<typeof createdAccountSchema>;

export const updateAccountInputSchema = z
  .object({
    version: z.number().int().min(1).max(INT4_MAX),
    displayName: staffDisplayNameSchema.optional(),
    language: languageCodeSchema.optional(),
    roles: rolesSchema.optional(),
    tenant: tenantSlugSchema.optional(),
  })
  .refine(
    (input) => [input.displayName, input.language, input.roles, input.tenant].some((v) => v !== undefined),
    'Change at least one of display name, language, roles or tenant.',
  );
export type UpdateAccountInput = z.input<typeof updateAccountInputSchema>;

/** A reset password: the new one-time password, shown once; every session was revoked. */
export const passwordResetSchema = z.object({ account: adminAccountSchema, oneTimePassword: z.string() });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const accountSessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The browser or app that signed in, as it named itself. */
  userAgent: z.string(),
  ip: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export const accountSessionParamsSchema = z.object({
  id: z.uuid('Not a valid id.'),
  sessionId: z.uuid('Not a valid id.'),
});

export const AUDIT_ACTIONS = [
  'account_created',
  'account_updated',
  'account_suspended',
  'account_reactivated',
  'password_reset',
  'session_revoked',
  'tenant_created',
  'tenant_removed',
  'reference_hidden',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }),
  accountId: z.uuid().nullable(),
  /** The tenant changed, for a tenant's own entries (added, removed); null for an account's. */
  tenantId: z.uuid().nullable(),
  /** The fields concerned as they were and as they became; null where there was nothing (created, removed). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const tenantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  createdAt: z.string(),
  accounts: z.number().int(),
  /** False for root and public, and while it has accounts. */
  removable: z.boolean(),
});
export type Tenant = z.infer<typeof tenantSchema>;
export const tenantsSchema = z.object({ items: z.array(tenantSchema) });

export const createTenantInputSchema = z.object({
  slug: tenantSlugSchema,
  name: textSchema(TENANT_NAME_MAX).pipe(z.string().min(1, 'Required.')),
});
export type CreateTenantInput = z.input<typeof createTenantInputSchema>;

/** A tenant in a path names it by its slug; one that is not a slug names no tenant (404). */
export const tenantParamsSchema = z.object({ slug: tenantSlugSchema });
