import type { CreateAccountInput, CreatedAccount } from '@tolk/shared/schemas/accounts-admin';
import { post } from '../../../lib/http';

/** POST /api/accounts: the account, and its one-time password when none was given (shown once). */
export const createAccount = (input: CreateAccountInput) => post<CreatedAccount>('/accounts', input);
