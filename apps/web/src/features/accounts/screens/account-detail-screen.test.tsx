import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccount, AuditEntry } from '@tolk/shared/schemas/accounts-admin';
import { del, get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { ADMIN_ID, anAccount, KARI_ID, renderRoutes, signInAs } from '../test-factories';
import { Component as AccountDetail } from './account-detail-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SESSION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
let stored: AdminAccount;
const audit: AuditEntry[] = [
  {
    id: '2',
    at: '2026-05-02T09:30:00.000Z',
    action: 'account_updated',
    actor: { id: ADMIN_ID, username: 'admin', displayName: '' },
    accountId: KARI_ID,
    tenantId: null,
    before: { displayName: 'Kari', tenant: 'public' },
    after: { displayName: 'Kari Nordmann', tenant: 'oslo-club' },
  },
  {
    id: '1',
    at: '2026-05-01T10:00:00.000Z',
    action: 'account_created',
    actor: { id: ADMIN_ID, username: 'admin', displayName: '' },
    accountId: KARI_ID,
    tenantId: null,
    before: null,
    after: { username: 'kari', language: 'nb', mustChangePassword: true },
  },
];

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = anAccount({ lastActiveAt: new Date(Date.now() - 2 * 3_600_000).toISOString() });
  vi.mocked(get).mockImplementation((url: string) => {
    if (url === `/accounts/${KARI_ID}`) return Promise.resolve(stored);
    if (url.endsWith('/sessions')) {
      return Promise.resolve({
        items: [
          {
            id: SESSION_ID,
            createdAt: '2026-05-01T10:05:00.000Z',
            lastSeenAt: new Date(Date.now() - 10 * 60_000).toISOString(),
            expiresAt: '2026-06-01T10:05:00.000Z',
            userAgent:
              'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
            ip: '192.168.1.23',
          },
        ],
      });
    }
    if (url.endsWith('/audit')) return Promise.resolve({ items: audit, nextCursor: null });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  await chooseUiLanguage('en');
});

const renderAt = () =>
  renderRoutes(
    [
      { path: '/account/:id', element: <AccountDetail /> },
      { path: '/account/edit/:id', element: <p>Edit form</p> },
    ],
    `/account/${KARI_ID}`,
  );

describe('an account’s page', () => {
  it('shows a superadmin the account, its sessions and its changes in words', async () => {
    signInAs('superadmin');
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' })).toBeTruthy();
    expect(screen.getByText('oslo-club')).toBeTruthy();
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transactions' }).getAttribute('href')).toBe(
      `/accountTransaction/${KARI_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/account/edit/${KARI_ID}`);

    const sessions = screen.getByRole('region', { name: 'Signed in on' });
    expect(await within(sessions).findByText('Chrome 126 · Android')).toBeTruthy();
    expect(within(sessions).getByText(/192\.168\.1\.23/)).toBeTruthy();
    expect(within(sessions).getByText('last seen 10 minutes ago')).toBeTruthy();

    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(await within(changes).findByText('Account edited')).toBeTruthy();
    const [edited, created] = changes.querySelectorAll('.audit-entry');
    expect(within(changes).getAllByText(/by admin$/).length).toBe(2);
    expect(edited?.textContent).toContain('Display nameKaribecameKari Nordmann');
    expect(within(changes).getByText('Kari').closest('del')).toBeTruthy();
    expect(within(changes).getByText('Kari Nordmann').closest('ins')).toBeTruthy();
    expect(within(changes).getByText('Account created')).toBeTruthy();
    expect(created?.textContent).toContain('Norwegian');
    expect(within(changes).getByText('on')).toBeTruthy();
  });

  it('suspends behind a question that says they are signed out everywhere, and resets a password to a one-time one shown once', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const question = screen.getByRole('alertdialog', { name: 'Suspend Kari Nordmann?' });
    expect(within(question).getByText(/signed out everywhere at once/)).toBeTruthy();
    vi.mocked(post).mockResolvedValueOnce(anAccount({ state: 'suspended', suspendedAt: '2026-05-03T08:00:00.000Z' }));
    await user.click(within(question).getByRole('button', { name: 'Suspend' }));
    expect(post).toHaveBeenCalledWith(`/accounts/${KARI_ID}/suspend`);
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    vi.mocked(post).mockResolvedValueOnce({
      account: anAccount({ mustChangePassword: true }),
      oneTimePassword: 'moose-lake-77',
    });
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Reset the password of Kari Nordmann?' })).getByRole('button', {
        name: 'Reset password',
      }),
    );
    expect(post).toHaveBeenLastCalledWith(`/accounts/${KARI_ID}/reset-password`);
    const shown = await screen.findByRole('dialog', { name: 'One-time password for Kari Nordmann' });
    expect(within(shown).getByLabelText<HTMLInputElement>('One-time password').value).toBe('moose-lake-77');
    await user.click(within(shown).getByRole('button', { name: 'Done, I have it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('One-time password: to be changed at the next sign-in')).toBeTruthy();
  });

  it('signs one device out', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    vi.mocked(del).mockResolvedValueOnce(undefined);
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome 126 · Android' }));
    await waitFor(() => {
      expect(del).toHaveBeenCalledWith(`/accounts/${KARI_ID}/sessions/${SESSION_ID}`);
    });
  });

  it('shows a member their own account without managing it', async () => {
    signInAs('member');
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/changepassword');
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account/page');
    for (const name of ['Suspend', 'Reset password', 'Edit']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Changes' })).toBeNull();
    expect(get).not.toHaveBeenCalledWith(`/accounts/${KARI_ID}/sessions`);
  });
});
