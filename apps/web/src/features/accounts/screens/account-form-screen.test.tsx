import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { get, patch, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { anAccount, aTenant, KARI_ID, renderRoutes, signInAs } from '../test-factories';
import { Component as AccountForm } from './account-form-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  patch: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The account as the server has it now. */
let stored: AdminAccount;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = anAccount();
  vi.mocked(get).mockImplementation((url: string) =>
    Promise.resolve(
      url === '/tenants'
        ? {
            items: [aTenant({ id: '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f', slug: 'public', name: 'Public' }), aTenant()],
          }
        : stored,
    ),
  );
  signInAs('superadmin');
  await chooseUiLanguage('en');
});

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/account/add', element: <AccountForm /> },
      { path: '/account/edit/:id', element: <AccountForm /> },
      { path: '/account/:id', element: <p>Account page</p> },
      { path: '/account', element: <p>Accounts</p> },
    ],
    path,
  );

/** What a control's aria-describedby says: its hint and its error. */
const notesOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('adding an account', () => {
  it('shows the server’s refusal next to the username, then the one-time password once, with a copy that selects it where the page cannot copy', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/account/add');
    expect(screen.getByRole('heading', { level: 1, name: 'New account' })).toBeTruthy();
    // A one-time password is the default: no password to type.
    expect(screen.getByRole('radio', { name: /Generate a one-time password/ })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'kari');
    await user.type(screen.getByLabelText('Display name'), 'Kari Nordmann');
    await user.selectOptions(await screen.findByLabelText('Tenant'), 'Oslo Club (oslo-club)');
    vi.mocked(post).mockRejectedValueOnce(
      new HttpError(409, 'conflict', 'This username is taken.', { username: ['This username is taken.'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => {
      expect(username.getAttribute('aria-invalid')).toBe('true');
    });
    expect(notesOf(username)).toContain('This username is taken.');
    // A taken username is not "changed elsewhere".
    expect(screen.queryByText('Changed elsewhere')).toBeNull();
    expect(post).toHaveBeenCalledWith('/accounts', {
      username: 'kari',
      displayName: 'Kari Nordmann',
      language: 'en',
      roles: 'user',
      tenant: 'oslo-club',
    });

    vi.mocked(post).mockResolvedValueOnce({ account: anAccount(), oneTimePassword: 'fjord-otter-51' });
    await user.clear(username);
    await user.type(username, 'kari2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time password for Kari Nordmann' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('One-time password');
    expect(field.value).toBe('fjord-otter-51');
    expect(field.readOnly).toBe(true);
    // Plain HTTP on a LAN: no clipboard, and this browser has no copy command either.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(
      await within(dialog).findByText('This page cannot copy on its own: the password is selected, copy it yourself.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'fjord-otter-51'.length]);
    // The account's page waits until the admin has the password.
    expect(router.state.location.pathname).toBe('/account/add');
    await user.click(within(dialog).getByRole('button', { name: 'Done, I have it' }));
    expect(router.state.location.pathname).toBe(`/account/${KARI_ID}`);
  });

  it('takes a password of the admin’s choosing instead, checked with the shared rules', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/account/add');
    await user.click(screen.getByRole('radio', { name: /Set a password/ }));
    await user.type(screen.getByLabelText('Username'), 'ola');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await user.clear(screen.getByLabelText('Roles'));
    await user.type(screen.getByLabelText('Roles'), 'user;admin');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('At least 8 characters.')).toBeTruthy();
    expect(screen.getByText('Role names of letters, digits, "_" and "-", separated by commas.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    vi.mocked(post).mockResolvedValueOnce({ account: anAccount(), oneTimePassword: null });
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), ' and longer');
    await user.clear(screen.getByLabelText('Roles'));
    await user.type(screen.getByLabelText('Roles'), 'user, editor');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/account/${KARI_ID}`);
    });
    expect(post).toHaveBeenCalledWith(
      '/accounts',
      expect.objectContaining({ username: 'ola', password: 'short and longer', roles: 'user, editor' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is for superadmins only', () => {
    signInAs('member');
    renderAt('/account/add');
    expect(screen.getByRole('heading', { name: 'For superadmins' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});

describe('editing an account', () => {
  it('saves with the version it was loaded from; changed elsewhere, it loads the other version or saves mine over it', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(`/account/edit/${KARI_ID}`);
    const name = await screen.findByLabelText<HTMLInputElement>('Display name');
    expect(name.value).toBe('Kari Nordmann');
    await user.clear(name);
    await user.type(name, 'Kari N.');
    // Meanwhile another admin moved her to the public tenant.
    stored = anAccount({ version: 2, displayName: 'Kari (theirs)', tenant: 'public' });
    vi.mocked(patch).mockRejectedValueOnce(
      new HttpError(409, 'conflict', 'This account was changed elsewhere. Reload it to see the changes.'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(patch).toHaveBeenCalledWith(`/accounts/${KARI_ID}`, {
      version: 1,
      displayName: 'Kari N.',
      language: 'nb',
      roles: 'user',
      tenant: 'oslo-club',
    });
    const notice = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    // What was typed stays until the admin chooses.
    expect(name.value).toBe('Kari N.');

    await user.click(within(notice).getByRole('button', { name: 'Load the other version' }));
    await waitFor(() => {
      expect(name.value).toBe('Kari (theirs)');
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Tenant').value).toBe('public');
    expect(screen.queryByRole('alert', { name: 'Changed elsewhere' })).toBeNull();

    // Again stale: this time mine goes over theirs, against the version just read.
    await user.clear(name);
    await user.type(name, 'Kari N.');
    stored = anAccount({ version: 3, displayName: 'Kari (theirs again)' });
    vi.mocked(patch).mockRejectedValueOnce(new HttpError(409, 'conflict', 'Changed.'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    vi.mocked(patch).mockResolvedValueOnce(anAccount({ version: 4, displayName: 'Kari N.' }));
    await user.click(within(again).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/account/${KARI_ID}`);
    });
    expect(patch).toHaveBeenLastCalledWith(
      `/accounts/${KARI_ID}`,
      expect.objectContaining({ version: 3, displayName: 'Kari N.' }),
    );
    expect(patch).toHaveBeenNthCalledWith(2, `/accounts/${KARI_ID}`, expect.objectContaining({ version: 2 }));
  });
});
