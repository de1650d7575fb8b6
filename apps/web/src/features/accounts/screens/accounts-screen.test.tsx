import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@tolk/shared/schemas/accounts-admin';
import { del, get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { ADMIN_ID, anAccount, aTenant, KARI_ID, renderRoutes, signInAs } from '../test-factories';
import { Component as Accounts } from './accounts-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Query = Record<string, unknown>;
const PUBLIC = aTenant({ id: '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', slug: 'public', name: 'Public', accounts: 3 });
/** The pages of GET /accounts the server has, by cursor ('' for the first). */
let pages: Record<string, { items: unknown[]; nextCursor: string | null }>;
let tenants: unknown[];
/** The pages of GET /tenants/audit, by cursor ('' for the first). */
let tenantAudit: Record<string, { items: AuditEntry[]; nextCursor: string | null }>;
const asked: Query[] = [];

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  asked.length = 0;
  pages = { '': { items: [], nextCursor: null } };
  tenants = [PUBLIC, aTenant()];
  tenantAudit = { '': { items: [], nextCursor: null } };
  vi.mocked(get).mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/tenants') return Promise.resolve({ items: tenants });
    const query = (config?.params ?? {}) as Query;
    if (url === '/tenants/audit') {
      return Promise.resolve(tenantAudit[typeof query.cursor === 'string' ? query.cursor : '']);
    }
    asked.push(query);
    return Promise.resolve(pages[typeof query.cursor === 'string' ? query.cursor : ''] ?? pages['']);
  });
  await chooseUiLanguage('en');
});

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/account', element: <Accounts /> },
      { path: '/account/add', element: <p>Add form</p> },
      { path: '/account/page', element: <p>My page</p> },
      { path: '/account/:id', element: <p>Account page</p> },
    ],
    path,
  );

const someone = (index: number) =>
  anAccount({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    username: `member${index}`,
    displayName: `Member ${index}`,
    lastActiveAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  });

describe('/account for a superadmin', () => {
  it('lists every tenant’s accounts and asks for the next page with the cursor the last one gave', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    pages = {
      '': { items: [someone(1), someone(2)], nextCursor: 'c2' },
      c2: { items: [someone(3), anAccount({ state: 'suspended', roles: 'user, editor' })], nextCursor: null },
    };
    renderAt('/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeTruthy();
    const first = await screen.findByRole('link', { name: /Member 1/ });
    expect(within(first).getByText('@member1')).toBeTruthy();
    expect(within(first).getByText('oslo-club')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('Created May 1, 2026 · last active 3 days ago')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const kari = await screen.findByRole('link', { name: /Kari Nordmann/ });
    expect(within(kari).getByText('Suspended')).toBeTruthy();
    expect(within(kari).getByText('user, editor')).toBeTruthy();
    expect(within(kari).getByText(/Never signed in/)).toBeTruthy();
    expect(kari.getAttribute('href')).toBe(`/account/${KARI_ID}`);
    expect(asked).toEqual([
      { sort: 'recent', limit: 25 },
      { sort: 'recent', limit: 25, cursor: 'c2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches, narrows to a tenant and a state, and orders by username, all kept in the address', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    pages = { '': { items: [someone(1)], nextCursor: null } };
    const { router } = renderAt('/account');
    await screen.findByText('Member 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search by username or name' }), 'kar');
    // Slow machines: the search waits for typing to pause, then for the list.
    await waitFor(
      () => {
        expect(router.state.location.search).toBe('?q=kar');
      },
      { timeout: 10_000 },
    );
    await user.selectOptions(screen.getByLabelText('Tenant'), 'Oslo Club (oslo-club)');
    await user.selectOptions(screen.getByLabelText('State'), 'Suspended');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Username (A–Z)');
    await waitFor(
      () => {
        expect(asked.at(-1)).toEqual({
          sort: 'username',
          limit: 25,
          q: 'kar',
          tenant: 'oslo-club',
          state: 'suspended',
        });
      },
      { timeout: 10_000 },
    );
    expect(router.state.location.search).toBe('?q=kar&tenant=oslo-club&state=suspended&sort=username');
    // A loaded machine types and re-renders slowly: this test takes seconds there.
  }, 30_000);

  it('says when nothing matched, and clears the search and filters', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    const { router } = renderAt('/account?q=zz&state=active');
    expect(await screen.findByText('no accounts found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('shows skeletons while the first page loads, and has a link to add an account', async () => {
    signInAs('superadmin');
    vi.mocked(get).mockReturnValue(new Promise(() => undefined));
    const { router } = renderAt('/account');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Add account' }));
    expect(router.state.location.pathname).toBe('/account/add');
  });

  it('lists the tenants with their accounts, adds one (its slug refused next to the field first), and removes an empty one behind the spec’s question', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    tenants = [PUBLIC, aTenant({ accounts: 0, removable: true })];
    renderAt('/account?tab=tenants');
    const list = await screen.findByRole('list', { name: 'Tenants' });
    expect(within(list).getByRole('link', { name: '3 accounts' }).getAttribute('href')).toBe('/account?tenant=public');
    expect(within(list).getByRole('link', { name: '0 accounts' })).toBeTruthy();
    // Only the empty tenant may go.
    expect(within(list).getAllByRole('button', { name: 'Remove' }).length).toBe(1);

    vi.mocked(post).mockRejectedValueOnce(
      new HttpError(409, 'conflict', 'Some fields are missing or invalid.', {
        slug: ['A tenant has this name already.'],
      }),
    );
    await user.type(screen.getByLabelText('Slug'), 'bergen');
    await user.type(screen.getByLabelText('Name'), 'Bergen Club');
    await user.click(screen.getByRole('button', { name: 'Add tenant' }));
    expect(post).toHaveBeenCalledWith('/tenants', { slug: 'bergen', name: 'Bergen Club' });
    const slug = screen.getByLabelText('Slug');
    await waitFor(() => {
      expect(slug.getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getByText('A tenant has this slug already.')).toBeTruthy();

    vi.mocked(del).mockResolvedValueOnce(undefined);
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(question).getByText('Are you sure you want to delete the item?')).toBeTruthy();
    expect(within(question).getByText('The tenant “Oslo Club” is removed.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(del).toHaveBeenCalledWith('/tenants/oslo-club');
  });

  it('shows the tenants added and removed, by whom, newest first, and asks for more with the cursor', async () => {
    signInAs('superadmin');
    const user = userEvent.setup();
    const entry = (id: string, action: AuditEntry['action'], slug: string, name: string): AuditEntry => ({
      id,
      at: '2026-05-02T09:30:00.000Z',
      action,
      actor: { id: ADMIN_ID, username: 'admin', displayName: 'Site Admin' },
      accountId: null,
      tenantId: '2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
      before: action === 'tenant_removed' ? { slug, name } : null,
      after: action === 'tenant_created' ? { slug, name } : null,
    });
    tenantAudit = {
      '': { items: [entry('3', 'tenant_removed', 'bergen', 'Bergen Club')], nextCursor: 't2' },
      t2: { items: [entry('2', 'tenant_created', 'bergen', 'Bergen Club')], nextCursor: null },
    };
    renderAt('/account?tab=tenants');
    const section = await screen.findByRole('region', { name: 'Tenant changes' });
    const removed = await within(section).findByText('Tenant removed');
    expect(removed.closest('li')?.textContent).toContain('by Site Admin');
    expect(within(section).getByText('bergen')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    expect(await within(section).findByText('Tenant added')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      '/tenants/audit',
      expect.objectContaining({ params: { limit: 25, cursor: 't2' } }),
    );
  });

  it('says when no tenant was added or removed yet', async () => {
    signInAs('superadmin');
    renderAt('/account?tab=tenants');
    const section = await screen.findByRole('region', { name: 'Tenant changes' });
    expect(await within(section).findByText('No tenant has been added or removed yet.')).toBeTruthy();
  });
});

describe('/account for a member', () => {
  it('is their own account, never a list', async () => {
    signInAs('member');
    const { router } = renderAt('/account');
    expect(await screen.findByText('Account page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/account/${KARI_ID}`);
    expect(get).not.toHaveBeenCalledWith('/accounts', expect.anything());
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
