import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payable, PaymentProviders } from '@tolk/shared/schemas/payments';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { goToProvider } from '../go-to-provider';
import { aPayable, aPayment, aSubscriptionPayable, ORDER_ID, PAYMENT_ID } from '../test-factories';
import { Component as SelectPaymentScreen } from './select-payment-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('../go-to-provider', () => ({ goToProvider: vi.fn() }));

/** What the server has now: the payable, and the ways to pay it offers. */
let payable: Payable | HttpError;
let providers: PaymentProviders;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  payable = aPayable();
  providers = {
    items: [
      { id: 'sandbox', testMode: true },
      { id: 'stripe', testMode: false },
      { id: 'paypal', testMode: true },
    ],
  };
  vi.mocked(get).mockImplementation((url: string) => {
    if (url === '/payments/providers') return Promise.resolve(providers);
    return payable instanceof HttpError ? Promise.reject(payable) : Promise.resolve(payable);
  });
  await chooseUiLanguage('en');
});

async function renderScreen(id = ORDER_ID) {
  const router = renderRoutes(
    [
      { path: '/select-payment/:id', element: <SelectPaymentScreen /> },
      { path: '/pay/:id', element: <p>The card form</p> },
      { path: '/order/:id', element: <p>The order</p> },
      { path: '/orders', element: <p>My orders</p> },
      { path: '/sub', element: <p>Subscriptions</p> },
    ],
    `/select-payment/${id}`,
  );
  await screen.findAllByRole('heading');
  return router;
}

const choice = (name: RegExp) => screen.getByRole('button', { name });

describe('/select-payment/{id}', () => {
  it('shows what is paid and the ways to pay, each test one labelled as a test', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose how to pay' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Paseo por Lavapiés × 2' })).toBeTruthy();
    expect(screen.getByText('€50.00')).toBeTruthy();
    expect(screen.getByText('Order')).toBeTruthy();
    await screen.findByRole('button', { name: /Test card/ });
    expect(
      within(screen.getByRole('region', { name: 'How would you like to pay?' }))
        .getAllByRole('button')
        .map((button) => button.querySelector('.payment-provider-name')?.textContent),
    ).toEqual(['Test card (sandbox)', 'Stripe', 'PayPal']);
    expect(within(choice(/Test card/)).getByText('Test mode: no real money moves')).toBeTruthy();
    expect(within(choice(/PayPal/)).getByText('Test mode: no real money moves')).toBeTruthy();
    expect(within(choice(/Stripe/)).queryByText('Test mode: no real money moves')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`);
  });

  it('opens the sandbox card form of the payment the server makes', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockResolvedValue(aPayment());
    const router = await renderScreen();
    await user.click(await screen.findByRole('button', { name: /Test card/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/pay/${PAYMENT_ID}`);
    });
    expect(post).toHaveBeenCalledWith(`/payables/${ORDER_ID}/payments`, { provider: 'sandbox' });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it("sends the browser to Stripe's own page, and lets nothing be chosen meanwhile", async () => {
    const user = userEvent.setup();
    const redirectUrl = 'https://checkout.stripe.com/c/pay/cs_test_1';
    vi.mocked(post).mockResolvedValue(aPayment({ provider: 'stripe', testMode: false, redirectUrl }));
    const router = await renderScreen();
    await user.click(await screen.findByRole('button', { name: /Stripe/ }));
    await waitFor(() => {
      expect(goToProvider).toHaveBeenCalledWith(redirectUrl);
    });
    expect(router.state.location.pathname).toBe(`/select-payment/${ORDER_ID}`);
    expect(choice(/PayPal/).hasAttribute('disabled')).toBe(true);
  });

  it('says a provider that is down in words: nothing charged, another can be chosen', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(
        503,
        'unavailable',
        'PayPal is not answering right now. Nothing was charged or changed: try again in a moment.',
      ),
    );
    await chooseUiLanguage('es');
    await renderScreen();
    await user.click(await screen.findByRole('button', { name: /PayPal/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'PayPal no responde ahora mismo. No se ha cobrado ni cambiado nada: inténtalo de nuevo en un momento.',
    );
    expect(choice(/Stripe/).hasAttribute('disabled')).toBe(false);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('reads a subscription per month', async () => {
    payable = aSubscriptionPayable();
    await renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: 'Tolk Plus' })).toBeTruthy();
    expect(screen.getByText('€9.00 per month')).toBeTruthy();
    expect(screen.getByText('Subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/sub');
  });

  it('says something paid already is paid, with the way back and no way to pay', async () => {
    payable = aPayable({ state: 'paid', message: 'This order is paid already.' });
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Already paid' })).toBeTruthy();
    expect(screen.getByText('This order is paid already.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`);
    expect(screen.queryByRole('button', { name: /Test card/ })).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/payments/providers', expect.anything());
  });

  it('says why something cannot be paid in the reader’s language', async () => {
    payable = aPayable({ state: 'closed', message: 'This order is cancelled: it cannot be paid.' });
    await chooseUiLanguage('de');
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Das kann jetzt nicht bezahlt werden' })).toBeTruthy();
    expect(screen.getByText('Diese Bestellung kann in ihrem jetzigen Zustand nicht bezahlt werden.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Bestellung' })).toBeTruthy();
  });

  it('says a free order has nothing to pay, in the reader’s language, and offers no way to pay it', async () => {
    payable = aPayable({ amountMinor: 0, state: 'closed', message: 'This order is free: there is nothing to pay.' });
    await chooseUiLanguage('ja');
    await renderScreen();
    expect(screen.getByRole('heading', { name: '支払いは不要です' })).toBeTruthy();
    expect(screen.getByText('この注文は無料です。支払いは不要です。')).toBeTruthy();
    expect(screen.getByText('無料')).toBeTruthy();
    expect(screen.queryByText(/€/)).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/payments/providers', expect.anything());
  });

  it('says when there is nothing to pay (or not mine)', async () => {
    payable = new HttpError(404, 'not_found', 'Order not found.');
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(screen.getByText('There is nothing to pay here, or it is not yours to pay.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders');
  });
});
