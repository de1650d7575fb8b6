import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountPage, Statement } from '@tolk/shared/schemas/ledger';
import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { formatDay } from '../../../lib/format';
import { saveFile } from '../../../lib/download';
import type * as DownloadModule from '../../../lib/download';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { anEntry, KARI_ID, renderRoutes, signInAs } from '../test-factories';
import { Component as AccountPageScreen } from './account-page-screen';
import { Component as Transactions } from './transactions-screen';

const { exportGet } = vi.hoisted(() => ({ exportGet: vi.fn() }));
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  httpClient: () => Promise.resolve({ get: exportGet }),
}));
vi.mock('../../../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  saveFile: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const EUR_ACCOUNT = '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a';
const NOK_ACCOUNT = '8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b';

const page = (overrides: Partial<AccountPage> = {}): AccountPage => ({
  profile: {
    id: KARI_ID,
    username: 'kari',
    displayName: 'Kari Nordmann',
    language: 'nb',
    tenant: 'oslo-club',
    roles: 'user',
    avatarUrl: null,
    createdAt: '2026-05-01T10:00:00.000Z',
  },
  subscription: null,
  balances: [
    { ledgerAccountId: EUR_ACCOUNT, currency: 'EUR', balance: 3750, noOverdraft: true },
    { ledgerAccountId: NOK_ACCOUNT, currency: 'NOK', balance: -20000, noOverdraft: false },
  ],
  transactions: [
    anEntry(),
    anEntry({
      id: '40',
      kind: 'adjustment',
      amount: 5000,
      balanceAfter: 5000,
      reference: { type: 'manual', id: 'funding-1', title: null },
      counterparty: {
        kind: 'system',
        name: 'Sandbox funding',
        memberId: null,
        system: 'funding_sandbox',
        ledgerAccountId: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
      },
      memo: 'Startguthaben',
    }),
  ],
  ...overrides,
});

/** Kari's Tolk Plus in euros, paid through `end` and renewing then. */
const aSubscription = (end: string): Subscription => ({
  id: '6f2a4b5c-7d8e-4f9a-8b0c-2d3e4f5a6b7c',
  plan: { id: '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Tolk Plus', interval: 'month', features: [] },
  state: 'active',
  amountMinor: 499,
  currency: 'EUR',
  provider: 'sandbox',
  testMode: true,
  currentPeriodStart: '2026-05-01T12:00:00.000Z',
  currentPeriodEnd: end,
  cancelAtPeriodEnd: false,
  createdAt: '2026-05-01T12:00:00.000Z',
});

let statements: Record<string, Statement>;

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.clearAllMocks();
  signInAs('member');
});
afterEach(async () => {
  await chooseUiLanguage('en');
});

describe('/account/page', () => {
  it('sums up the member in German: who, no subscription, money per currency and the latest transactions with their sign', async () => {
    await chooseUiLanguage('de');
    vi.mocked(get).mockResolvedValue(page());
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Konto' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/account/page');
    expect(screen.getByText('Kari Nordmann')).toBeTruthy();
    expect(screen.getByText('@kari')).toBeTruthy();
    expect(screen.getByText('Kein Abonnement')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort ändern' }).getAttribute('href')).toBe('/changepassword');
    expect(screen.getByRole('link', { name: 'Profil bearbeiten' }).getAttribute('href')).toBe('/profile/edit');
    expect(screen.getByText('37,50 €')).toBeTruthy();
    expect(screen.getByText('\u2212200,00 NOK')).toBeTruthy();

    const [payment, funding] = within(screen.getByRole('region', { name: 'Letzte Buchungen' })).getAllByRole(
      'listitem',
    );
    expect(within(payment!).getByText('Zahlung')).toBeTruthy();
    expect(within(payment!).getByText('Ana')).toBeTruthy();
    const out = within(payment!).getByText('\u221212,50 €');
    expect(out.className).toBe('ledger-amount out');
    expect(within(payment!).getByText('Stand 37,50 €')).toBeTruthy();
    expect(within(payment!).getByText(/Bestellung:/)).toBeTruthy();
    expect(within(payment!).getByRole('link', { name: 'Cooking class' }).getAttribute('href')).toBe(
      '/order/7b8c9d0e-1f2a-4b3c-8d4e-6f7a8b9c0d1e',
    );
    expect(within(payment!).queryByText(/7b8c9d0e/)).toBeNull();
    expect(within(funding!).getByText('Korrektur durch Tolk')).toBeTruthy();
    expect(within(funding!).getByText('Testgeld (Sandbox)')).toBeTruthy();
    expect(within(funding!).getByText('+50,00 €').className).toBe('ledger-amount in');
    expect(within(funding!).getByText(/Von Hand/)).toBeTruthy();
    expect(within(funding!).getByText('Startguthaben')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alle Buchungen' }).getAttribute('href')).toBe(
      `/accountTransaction/${KARI_ID}`,
    );
  });

  it('shows a member no admin words (tenant, roles); a superadmin keeps them', async () => {
    vi.mocked(get).mockResolvedValue(page());
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const facts = await screen.findByText('Member since');
    const list = facts.closest('dl')!;
    expect(within(list).getByText('Norwegian Bokmål')).toBeTruthy();
    expect(list.textContent).not.toMatch(/Tenant|Roles|oslo-club|user/);
    cleanup();

    await chooseUiLanguage('ar');
    vi.mocked(get).mockResolvedValue(page());
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const arabic = (await screen.findByRole('heading', { level: 1 })).closest('section')!;
    expect(arabic.textContent).not.toMatch(/oslo-club|المستأجر|المؤسسة|الأدوار/);
    cleanup();

    await chooseUiLanguage('en');
    signInAs('superadmin');
    vi.mocked(get).mockResolvedValue(page({ profile: { ...page().profile, tenant: 'root', roles: 'superadmin' } }));
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const admin = (await screen.findByText('Member since')).closest('dl')!;
    expect(within(admin).getByText('Tenant').nextElementSibling?.textContent).toBe('root');
    expect(within(admin).getByText('Roles').nextElementSibling?.textContent).toBe('superadmin');
  });

  it('shows my profile photo when I have one, my initials otherwise', async () => {
    vi.mocked(get).mockResolvedValue(page({ profile: { ...page().profile, avatarUrl: '/api/avatars/kari-photo' } }));
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const hero = (await screen.findByText('Kari Nordmann')).closest('.account-hero')!;
    expect(hero.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/kari-photo');
    expect(hero.textContent).not.toContain('KN');
    cleanup();

    vi.mocked(get).mockResolvedValue(page());
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const initials = (await screen.findByText('Kari Nordmann')).closest('.account-hero')!;
    expect(initials.querySelector('img')).toBeNull();
    expect(initials.textContent).toContain('KN');
  });

  it('says so when there is no money and no transaction yet', async () => {
    vi.mocked(get).mockResolvedValue(page({ balances: [], transactions: [] }));
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    expect(await screen.findByText('No money yet')).toBeTruthy();
    expect(screen.getByText('No transactions yet.')).toBeTruthy();
    expect(screen.getByText('No subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/sub');
  });

  it('shows the subscription: its plan and price, when it renews, and once cancelled until when it runs', async () => {
    await chooseUiLanguage('de');
    const end = '2026-06-01T12:00:00.000Z';
    vi.mocked(get).mockResolvedValue(page({ subscription: aSubscription(end) }));
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const section = await screen.findByRole('region', { name: 'Abonnement' });
    expect(within(section).getByText('Tolk Plus')).toBeTruthy();
    expect(within(section).getByText(/^4,99\s€ pro Monat$/)).toBeTruthy();
    expect(within(section).getByText(`Verlängert sich am ${formatDay(end, 'de')}`)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Abonnement verwalten' }).getAttribute('href')).toBe('/sub');
    cleanup();

    await chooseUiLanguage('en');
    vi.mocked(get).mockResolvedValue(page({ subscription: { ...aSubscription(end), cancelAtPeriodEnd: true } }));
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    expect(await screen.findByText(`Cancelled: active until ${formatDay(end, 'en')}`)).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });
});

describe('a ledger line', () => {
  const ORDER = '7b8c9d0e-1f2a-4b3c-8d4e-6f7a8b9c0d1e';
  const system = (code: 'platform_fees' | 'funding_sandbox' | 'platform_subscriptions') => ({
    kind: 'system' as const,
    name: 'Platform fees',
    memberId: null,
    system: code,
    ledgerAccountId: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
  });

  it('is described in the reader’s language from its kind and reference, never from the English note stored with it', async () => {
    await chooseUiLanguage('es');
    const order = { type: 'order' as const, id: ORDER, title: 'Paseo por Lavapiés' };
    vi.mocked(get).mockResolvedValue(
      page({
        transactions: [
          anEntry({
            id: '5',
            kind: 'fee',
            amount: -455,
            counterparty: system('platform_fees'),
            reference: order,
            memo: 'Platform fee',
          }),
          anEntry({ id: '4', amount: 4550, reference: order, memo: 'Order payment' }),
          anEntry({
            id: '3',
            amount: 4550,
            counterparty: system('funding_sandbox'),
            reference: order,
            memo: 'Paid with the sandbox (sandbox-bcffca5a-1234)',
          }),
          anEntry({
            id: '2',
            amount: -499,
            counterparty: system('platform_subscriptions'),
            reference: { type: 'subscription', id: '6f2a4b5c-7d8e-4f9a-8b0c-2d3e4f5a6b7c', title: 'Tolk Plus' },
            memo: 'Subscription',
          }),
          // An order the reader can no longer see: named as one, without its id.
          anEntry({ id: '1', reference: { type: 'order', id: ORDER, title: null }, memo: 'Order payment' }),
        ],
      }),
    );
    renderRoutes([{ path: '/account/page', element: <AccountPageScreen /> }], '/account/page');
    const latest = await screen.findByRole('region', { name: 'Últimos movimientos' });
    const [fee, sale, paidIn, subscription, unnamed] = within(latest).getAllByRole('listitem');
    expect(within(fee!).getByText('Comisión de Tolk')).toBeTruthy();
    expect(within(sale!).getByText('Venta')).toBeTruthy();
    expect(within(paidIn!).getByText('Pagado con Tarjeta de prueba (sandbox)')).toBeTruthy();
    expect(within(subscription!).getByText('Suscripción')).toBeTruthy();
    expect(within(subscription!).getByRole('link', { name: 'Tolk Plus' }).getAttribute('href')).toBe('/sub');
    expect(within(sale!).getByRole('link', { name: 'Paseo por Lavapiés' }).getAttribute('href')).toBe(
      `/order/${ORDER}`,
    );
    expect(within(unnamed!).getByText(/Un pedido/)).toBeTruthy();
    const text = latest.textContent;
    for (const english of ['Platform fee', 'Order payment', 'Paid with', 'sandbox-', 'Subscription']) {
      expect(text).not.toContain(english);
    }
    expect(text).not.toMatch(/\b[0-9a-f]{8}\b/);
  });
});

describe('/accountTransaction/{id}', () => {
  beforeEach(() => {
    const account = {
      ...page().balances[0]!,
      owner: { kind: 'member' as const, name: 'Kari Nordmann', memberId: KARI_ID, system: null },
    };
    statements = {
      '': {
        account,
        items: [anEntry({ id: '3' }), anEntry({ id: '2', amount: 2500, kind: 'refund' })],
        nextCursor: 'c2',
      },
      c2: { account, items: [anEntry({ id: '1', amount: 5000, kind: 'adjustment' })], nextCursor: null },
    };
    vi.mocked(get).mockImplementation((url: string, config?: { params?: { cursor?: string } }) => {
      if (url === '/ledger/balances') return Promise.resolve({ items: page().balances });
      if (url === `/ledger/accounts/${EUR_ACCOUNT}/transactions`) {
        return Promise.resolve(statements[config?.params?.cursor ?? '']);
      }
      return Promise.reject(new Error(`unexpected ${url}`));
    });
  });

  it('shows an account’s entries a page at a time, one currency at a time, and exports them as CSV', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [{ path: '/accountTransaction/:id', element: <Transactions /> }],
      `/accountTransaction/${KARI_ID}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/ledger/balances', { params: { accountId: KARI_ID } });
    expect(await screen.findByText('Refund')).toBeTruthy();
    expect(screen.getByText('+€25.00')).toBeTruthy();
    expect(screen.getAllByText('−€12.50').length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Adjustment by Tolk')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith(`/ledger/accounts/${EUR_ACCOUNT}/transactions`, {
      params: { limit: 50, cursor: 'c2' },
      signal: expect.any(AbortSignal) as AbortSignal,
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const blob = new Blob(['date,kind']);
    exportGet.mockResolvedValue({
      data: blob,
      headers: { 'content-disposition': 'attachment; filename="tolk-ledger-EUR.csv"' },
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(exportGet).toHaveBeenCalledWith(`/ledger/accounts/${EUR_ACCOUNT}/transactions`, {
      params: { format: 'csv' },
      responseType: 'blob',
    });
    await waitFor(() => {
      expect(saveFile).toHaveBeenCalledWith(blob, 'tolk-ledger-EUR.csv');
    });

    // The other currency is one choice away, kept in the address.
    await user.selectOptions(screen.getByLabelText('Currency'), 'NOK');
    expect(router.state.location.search).toBe('?currency=NOK');
  });
});
