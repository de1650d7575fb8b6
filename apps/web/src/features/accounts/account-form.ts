import type { AdminAccount, CreateAccountInput, UpdateAccountInput } from '@tolk/shared/schemas/accounts-admin';
import { PUBLIC_TENANT } from '@tolk/shared/roles';
import { fieldMessageOf } from '../../ui/schema-form';

/**
 * The accounts' schemas (packages/shared/src/schemas/accounts-admin.ts) and the server say their
 * problems in English; these are the accounts' own sentences in the reader's language.
 */
export const accountFieldMessage = fieldMessageOf({
  'Only letters, digits, ".", "_" and "-".': 'validation.usernameChars',
  'A language code such as en or pt-br.': 'accounts.form.languageInvalid',
  'Role names (letters, digits, "_" and "-") separated by commas.': 'accounts.form.rolesInvalid',
  'Lower-case letters, digits and "-" (not at either end).': 'accounts.tenants.slugInvalid',
  'No tenant has this name.': 'accounts.form.tenantUnknown',
  'A tenant has this name already.': 'accounts.tenants.slugTaken',
});

/** What an admin may change on any account, new or not. */
export interface AccountProfileForm {
  displayName: string;
  language: string;
  roles: string;
  tenant: string;
}

/** A new account: a password chosen now, or a one-time password the server makes and shows once. */
export interface CreateAccountForm extends AccountProfileForm {
  username: string;
  passwordMode: 'oneTime' | 'own';
  password: string;
}

export const newAccountForm = (language: string): CreateAccountForm => ({
  username: '',
  passwordMode: 'oneTime',
  password: '',
  displayName: '',
  language,
  roles: 'user',
  tenant: PUBLIC_TENANT,
});

export function toCreateAccountInput(form: CreateAccountForm): CreateAccountInput {
  return {
    username: form.username,
    ...(form.passwordMode === 'own' ? { password: form.password } : {}),
    displayName: form.displayName,
    language: form.language,
    roles: form.roles,
    tenant: form.tenant,
  };
}

export const toAccountProfileForm = (account: AdminAccount): AccountProfileForm => ({
  displayName: account.displayName,
  language: account.language,
  roles: account.roles,
  tenant: account.tenant,
});

/** Every field, with the version the form was loaded from: the server changes only what differs. */
export const toUpdateAccountInput = (form: AccountProfileForm, version: number): UpdateAccountInput => ({
  version,
  displayName: form.displayName,
  language: form.language,
  roles: form.roles,
  tenant: form.tenant,
});

type InputField = Exclude<keyof CreateAccountForm, 'passwordMode'>;
const INPUT_FIELDS: readonly InputField[] = ['username', 'password', 'displayName', 'language', 'roles', 'tenant'];

/** The form field that shows a problem of an API field (the same names, where the form has it). */
export const accountFieldOf = (apiField: string): InputField | undefined =>
  INPUT_FIELDS.find((field) => field === apiField);

/** The same for an edit, which has no username or password. */
export const profileFieldOf = (apiField: string): keyof AccountProfileForm | undefined => {
  const field = accountFieldOf(apiField);
  return field === 'username' || field === 'password' ? undefined : field;
};
