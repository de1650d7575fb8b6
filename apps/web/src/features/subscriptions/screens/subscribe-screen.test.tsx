import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import { formatDay } from '../../../lib/format';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage-keys';
import { renderRoutes } from '../../../lib/test-render';
import { aPlan, anOverview, aSubscription, PLUS_ID, SUBSCRIPTION_ID, YEARLY_ID } from '../test-factories';
import { Component as SubscribeScreen } from './subscribe-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** What GET /api/subscriptions/me answers now. */
let overview: SubscriptionOverview;

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.clearAllMocks();
  safeStorage.set(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'kari', tenant: 'oslo-club', roles: 'user', isLoggedIn: true }),
  );
  overview = anOverview();
  vi.mocked(get).mockImplementation((url: string) =>
    url === '/subscriptions/me' ? Promise.resolve(overview) : Promise.reject(new Error(`unexpected ${url}`)),
  );
});
afterEach(async () => {
  vi.restoreAllMocks();
  await chooseUiLanguage('en');
});

async function renderSub() {
  const router = renderRoutes(
    [
      { path: '/sub', element: <SubscribeScreen /> },
      { path: '/select-payment/:id', element: <p>Choosing how to pay</p> },
    ],
    '/sub',
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const storedSession = () => JSON.parse(safeStorage.get(STORAGE_KEYS.loginResponse) ?? '{}') as Record<string, unknown>;

describe('/sub for a member without a subscription', () => {
  it('lists the plans with their prices as a German reader writes money, in the currency their region suggests, and what a subscription gives', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    await chooseUiLanguage('de');
    overview = anOverview({
      plans: [
        aPlan(),
        aPlan({
          id: YEARLY_ID,
          name: 'Tolk Jahr',
          description: '',
          interval: 'year',
          prices: [{ currency: 'NOK', amountMinor: 59900 }],
          features: [],
        }),
      ],
    });
    const user = userEvent.setup();
    await renderSub();
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnement' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/subscriptions/me', expect.anything());
    // Plans are managed by superadmins only.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/plans', expect.anything());

    const [plus, yearly] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('plan-card'));
    expect(within(plus!).getByRole('heading', { level: 3, name: 'Tolk Plus' })).toBeTruthy();
    expect(within(plus!).getByText('More of everything, every month.')).toBeTruthy();
    expect(within(plus!).getByText(/^4,99\s€ pro Monat$/)).toBeTruthy();
    expect(within(plus!).getByText('More connect requests')).toBeTruthy();
    expect(within(plus!).getByText('Premium translation')).toBeTruthy();
    // Another of its currencies is one choice away; a plan with one price offers no choice.
    await user.selectOptions(within(plus!).getByLabelText('Währung'), 'USD');
    expect(within(plus!).getByText(/^5,49\s\$ pro Monat$/)).toBeTruthy();
    expect(within(yearly!).getByText(/^599,00\sNOK pro Jahr$/)).toBeTruthy();
    expect(within(yearly!).queryByLabelText('Währung')).toBeNull();

    const benefits = screen.getByRole('region', { name: 'Was ein Abonnement bietet' });
    const rows = within(benefits).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MitgliedAbonnent',
      'Kontaktanfragen pro Tag20200',
      'Dolmetschgespräche pro Stunde eröffnet550',
      'Foto-Uploads pro Tag301.000',
    ]);
    expect(
      within(benefits).getByText(
        'Eigene Nachrichten und Dolmetschgespräche von Abonnenten werden mit DeepL übersetzt.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of engines when none is configured, and says so when no plan is offered', async () => {
    overview = anOverview({ plans: [], benefits: { ...anOverview().benefits, premiumEngines: [] } });
    await renderSub();
    expect(await screen.findByText('No plans are offered right now.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What a subscription gives' })).toBeTruthy();
    expect(screen.queryByText(/translated with/)).toBeNull();
  });

  it('subscribes to the plan in the currency shown and goes on to choosing how to pay', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    vi.mocked(post).mockResolvedValue(aSubscription({ state: 'incomplete', currency: 'USD', amountMinor: 549 }));
    const user = userEvent.setup();
    const router = await renderSub();
    // An American reader sees dollars first.
    expect(await screen.findByText('$5.49 per month')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(post).toHaveBeenCalledWith('/subscriptions', { planId: PLUS_ID, currency: 'USD' });
    expect(await screen.findByText('Choosing how to pay')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/select-payment/${SUBSCRIPTION_ID}`);
  });

  it('shows why a subscription was refused (one already runs) on the plan', async () => {
    vi.mocked(post).mockRejectedValue(new HttpError(409, 'conflict', 'You already have an active subscription.'));
    const user = userEvent.setup();
    const router = await renderSub();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have an active subscription.');
    expect(router.state.location.pathname).toBe('/sub');
  });
});

describe('/sub for a subscriber', () => {
  it('shows the plan, its price and when it renews; cancelling asks first, says they keep it until then, and shows when it ends', async () => {
    overview = anOverview({ activeSubscriber: true, current: aSubscription() });
    const cancelled = aSubscription({ cancelAtPeriodEnd: true });
    vi.mocked(post).mockImplementation((url: string) => {
      if (url === `/subscriptions/${SUBSCRIPTION_ID}/cancel`) {
        overview = { ...overview, current: cancelled };
        return Promise.resolve(cancelled);
      }
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    const user = userEvent.setup();
    await renderSub();
    const date = formatDay('2026-06-01T12:00:00.000Z', 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tolk Plus' })).toBeTruthy();
    expect(screen.getByText('€4.99 per month')).toBeTruthy();
    expect(screen.getByText(`Renews on ${date}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(screen.queryByText(/Test mode/)).toBeNull();
    // The session's subscriber flag follows the server.
    await waitFor(() => {
      expect(storedSession().isactivesubscriber).toBe(true);
    });

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText(`You keep Tolk Plus until ${date}.`, { exact: false })).toBeTruthy();
    // Keeping it asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(post).toHaveBeenCalledWith(`/subscriptions/${SUBSCRIPTION_ID}/cancel`);
    expect(await screen.findByText(`Ends on ${date}`)).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('resumes a cancelled subscription, and says when it was paid in test mode', async () => {
    overview = anOverview({
      activeSubscriber: true,
      current: aSubscription({ cancelAtPeriodEnd: true, testMode: true }),
    });
    vi.mocked(post).mockImplementation(() => {
      const resumed = aSubscription({ testMode: true });
      overview = { ...overview, current: resumed };
      return Promise.resolve(resumed);
    });
    const user = userEvent.setup();
    await renderSub();
    expect(await screen.findByText('Test mode: paid with test money, nothing was charged.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(post).toHaveBeenCalledWith(`/subscriptions/${SUBSCRIPTION_ID}/resume`);
    expect(await screen.findByText(/^Renews on /)).toBeTruthy();
  });

  it('offers to finish paying an incomplete subscription, or to let it go', async () => {
    overview = anOverview({
      current: aSubscription({ state: 'incomplete', currentPeriodStart: null, currentPeriodEnd: null }),
    });
    vi.mocked(post).mockImplementation(() => {
      const ended = aSubscription({ state: 'ended', currentPeriodStart: null, currentPeriodEnd: null });
      overview = { ...overview, current: ended };
      return Promise.resolve(ended);
    });
    const user = userEvent.setup();
    await renderSub();
    expect(await screen.findByText('Payment not finished')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      `/select-payment/${SUBSCRIPTION_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(post).toHaveBeenCalledWith(`/subscriptions/${SUBSCRIPTION_ID}/cancel`);
    // Let go, the plans are offered again.
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(screen.getByText('Your Tolk Plus subscription has ended.')).toBeTruthy();
  });
});
