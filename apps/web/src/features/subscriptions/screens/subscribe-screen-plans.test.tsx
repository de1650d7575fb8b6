import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '@tolk/shared/schemas/subscriptions';
import { get, patch, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage-keys';
import { notesOf, renderRoutes } from '../../../lib/test-render';
import { aPlan, anOverview, PLUS_ID, YEARLY_ID } from '../test-factories';
import { Component as SubscribeScreen } from './subscribe-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  patch: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** Every plan, as GET /api/plans answers a superadmin. */
let plans: Plan[];

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.clearAllMocks();
  safeStorage.set(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'admin', tenant: 'root', roles: 'superadmin', isLoggedIn: true }),
  );
  plans = [
    aPlan({ subscribers: 12 }),
    aPlan({
      id: YEARLY_ID,
      name: 'Tolk Year',
      description: '',
      interval: 'year',
      prices: [{ currency: 'JPY', amountMinor: 6000 }],
      features: [],
      active: false,
      subscribers: 1,
    }),
  ];
  vi.mocked(get).mockImplementation((url: string) => {
    if (url === '/plans') return Promise.resolve({ items: plans });
    if (url === '/subscriptions/me') return Promise.resolve(anOverview());
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(async () => {
  await chooseUiLanguage('en');
});

async function openPlans() {
  const user = userEvent.setup();
  const router = renderRoutes([{ path: '/sub', element: <SubscribeScreen /> }], '/sub');
  // A superadmin subscribes like anyone, and manages the plans in a tab of their own.
  expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeTruthy();
  await user.click(screen.getByRole('tab', { name: 'Plans' }));
  expect(router.state.location.search).toBe('?tab=plans');
  await screen.findByRole('heading', { level: 3, name: 'Tolk Year' });
  return { user, router };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('/sub?tab=plans (superadmins)', () => {
  it('lists every plan, withdrawn ones too, with prices and how many subscribe', async () => {
    await openPlans();
    const [plus, year] = screen.getAllByRole('listitem').filter((item) => item.querySelector('.plan-admin-row'));
    expect(within(plus!).getByText('Offered')).toBeTruthy();
    expect(within(plus!).getByText('Monthly: €4.99 · $5.49')).toBeTruthy();
    expect(within(plus!).getByText('12 subscribers')).toBeTruthy();
    expect(within(plus!).getByText('Premium translation')).toBeTruthy();
    expect(within(year!).getByText('Withdrawn')).toBeTruthy();
    expect(within(year!).getByText('Yearly: ¥6,000')).toBeTruthy();
    expect(within(year!).getByText('1 subscriber')).toBeTruthy();
  });

  it('adds a plan: its own problems next to their fields first, then prices in minor units and the features', async () => {
    vi.mocked(post).mockResolvedValue(aPlan({ id: PLUS_ID, name: 'Tolk Plus' }));
    const { user } = await openPlans();
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(notesOf(field('Name'))).toContain('A name, please.');
    expect(notesOf(field('Price 1'))).toContain('Required.');
    expect(post).not.toHaveBeenCalled();

    await user.type(field('Name'), 'Tolk Plus');
    await user.type(field('Price 1'), '4.999');
    await user.clear(field('Currency 1'));
    await user.type(field('Currency 1'), 'eur');
    await user.click(within(form).getByRole('button', { name: 'Add a price' }));
    await user.type(field('Price 2'), '5');
    await user.type(field('Currency 2'), 'EUR');
    await user.click(within(form).getByRole('button', { name: 'Add a feature' }));
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(notesOf(field('Price 1'))).toContain('A price such as 12.50.');
    expect(notesOf(field('Currency 2'))).toContain('One price per currency.');
    expect(notesOf(field('Feature 1'))).toContain('Write the feature, or remove its row.');
    expect(post).not.toHaveBeenCalled();

    await user.clear(field('Price 1'));
    await user.type(field('Price 1'), '4.99');
    await user.clear(field('Currency 2'));
    await user.type(field('Currency 2'), 'JPY');
    await user.clear(field('Price 2'));
    await user.type(field('Price 2'), '800');
    await user.type(field('Feature 1'), 'Premium translation');
    await user.click(within(form).getByRole('button', { name: 'Add a feature' }));
    await user.type(field('Feature 2'), 'Dropped again');
    await user.click(within(form).getByRole('button', { name: 'Remove feature 2' }));
    await user.click(within(form).getByRole('radio', { name: 'Yearly' }));
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(post).toHaveBeenCalledWith('/plans', {
      name: 'Tolk Plus',
      description: '',
      interval: 'year',
      prices: [
        { currency: 'EUR', amountMinor: 499 },
        { currency: 'JPY', amountMinor: 800 },
      ],
      features: ['Premium translation'],
      active: true,
    });
    expect(toast.success).toHaveBeenCalledWith('Plan Tolk Plus added.');
    expect(screen.queryByRole('form', { name: 'New plan' })).toBeNull();
  });

  it('shows the problems the server found next to the fields they belong to', async () => {
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are not valid.', {
        name: ['At most 60 characters.'],
        'prices.0.amountMinor': ['Too large.'],
        'prices.0.currency': ['Not an ISO 4217 currency.'],
        'features.0': ['At most 120 characters.'],
      }),
    );
    const { user } = await openPlans();
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });
    await user.type(field('Name'), 'Tolk Plus');
    await user.type(field('Price 1'), '4.99');
    await user.clear(field('Currency 1'));
    await user.type(field('Currency 1'), 'EUR');
    await user.click(within(form).getByRole('button', { name: 'Add a feature' }));
    await user.type(field('Feature 1'), 'Premium translation');
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(notesOf(field('Name'))).toContain('At most 60 characters.');
    expect(notesOf(field('Price 1'))).toContain('Too large a price.');
    expect(notesOf(field('Currency 1'))).toContain('Not a currency code (such as EUR or USD).');
    expect(notesOf(field('Feature 1'))).toContain('At most 120 characters.');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form', { name: 'New plan' })).toBeTruthy();
  });

  it('edits a plan in place: its prices as typed back, a new price and withdrawn, all fields sent', async () => {
    vi.mocked(patch).mockResolvedValue(aPlan({ active: false }));
    const { user } = await openPlans();
    const [plus] = screen.getAllByRole('listitem').filter((item) => item.querySelector('.plan-admin-row'));
    await user.click(within(plus!).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Tolk Plus' });
    expect(field('Name').value).toBe('Tolk Plus');
    expect(field('Price 1').value).toBe('4.99');
    expect(field('Currency 2').value).toBe('USD');
    expect(field('Feature 2').value).toBe('Premium translation');
    await user.clear(field('Price 1'));
    await user.type(field('Price 1'), '5,99');
    await user.click(within(form).getByRole('button', { name: 'Remove price 2' }));
    await user.click(within(form).getByRole('checkbox', { name: /Offered to members/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(patch).toHaveBeenCalledWith(`/plans/${PLUS_ID}`, {
      name: 'Tolk Plus',
      description: 'More of everything, every month.',
      interval: 'month',
      prices: [{ currency: 'EUR', amountMinor: 599 }],
      features: ['More connect requests', 'Premium translation'],
      active: false,
    });
    expect(toast.success).toHaveBeenCalledWith('Plan Tolk Plus saved.');
    expect(screen.queryByRole('form', { name: 'Edit Tolk Plus' })).toBeNull();
  });
});
