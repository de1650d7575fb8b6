import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@tolk/shared/schemas/payments';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { notesOf, renderRoutes } from '../../../lib/test-render';
import { goToProvider } from '../go-to-provider';
import {
  aPayable,
  aPayment,
  aSubscriptionPayable,
  NEXT_PAYMENT_ID,
  ORDER_ID,
  PAYMENT_ID,
  SUBSCRIPTION_ID,
} from '../test-factories';
import { Component as PayScreen } from './pay-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('../go-to-provider', () => ({ goToProvider: vi.fn() }));

/** The payments as the server has them now, by id; each read takes the next of its list (the last stays). */
let stored: Record<string, (Payment | HttpError)[]>;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = { [PAYMENT_ID]: [aPayment()] };
  vi.mocked(get).mockImplementation((url: string) => {
    const reads = stored[url.replace('/payments/', '')];
    const next = reads && (reads.length > 1 ? reads.shift() : reads[0]);
    if (!next) return Promise.reject(new HttpError(404, 'not_found', 'Payment not found.'));
    return next instanceof HttpError ? Promise.reject(next) : Promise.resolve(next);
  });
  await chooseUiLanguage('en');
});

async function renderScreen(path = `/pay/${PAYMENT_ID}`) {
  const router = renderRoutes(
    [
      { path: '/pay/:id', element: <PayScreen /> },
      { path: '/select-payment/:id', element: <p>Choose a provider</p> },
      { path: '/order/:id', element: <p>The order</p> },
      { path: '/orders', element: <p>My orders</p> },
      { path: '/sub', element: <p>Subscriptions</p> },
    ],
    path,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

/** Fills the card form as a person types it. */
async function typeCard(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry?: string }) {
  if (card.number) await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry !== undefined) await user.type(screen.getByLabelText('Expiry date'), card.expiry);
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('/pay/{id} with the sandbox', () => {
  it('shows the test card form: a test banner, the test cards, the number grouped as it is typed', async () => {
    const user = userEvent.setup();
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Paseo por Lavapiés × 2' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'This is a test form: no real money moves. Use one of the test cards below, never a real card.',
    );
    const cards = within(screen.getByRole('region', { name: 'Test cards' })).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual([
      '4242 4242 4242 4242pays',
      '5555 5555 5555 4444pays',
      '4000 0000 0000 0002is declined',
      '4000 0000 0000 9995insufficient funds',
    ]);
    const number = screen.getByLabelText('Card number');
    expect([number.getAttribute('inputmode'), number.getAttribute('autocomplete')]).toEqual(['numeric', 'cc-number']);
    expect(screen.getByLabelText('Expiry date').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    await typeCard(user, { number: '4242424242424242', expiry: '1230' });
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date').value).toBe('12/30');
  });

  it('checks the card before sending: each problem next to its field, nothing sent', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await typeCard(user, { number: '4242 4242 4242 4241', expiry: '0120' });
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    expect(notesOf(screen.getByLabelText('Card number'))).toBe('This is not a card number.');
    expect(notesOf(screen.getByLabelText('Expiry date'))).toBe(
      'Month and year, as on the card. This card has expired.',
    );
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4111111111111111');
    expect(notesOf(screen.getByLabelText('Card number'))).toBe('Use a test card, such as 4242 4242 4242 4242.');
    expect(post).not.toHaveBeenCalled();
  });

  it('pays with a test card: the digits sent once, then Paid with the amount and the way back', async () => {
    const user = userEvent.setup();
    let answer: (payment: Payment) => void = () => undefined;
    vi.mocked(post).mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await renderScreen();
    await user.click(screen.getByRole('button', { name: /4242 4242 4242 4242/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('4242 4242 4242 4242');
    await typeCard(user, { number: '', expiry: '12/30' });
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    const paying = screen.getByRole('button', { name: 'Paying…' });
    expect(paying.hasAttribute('disabled')).toBe(true);
    await user.click(paying);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(`/payments/${PAYMENT_ID}/sandbox`, {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    answer(aPayment({ state: 'succeeded', outcome: 'succeeded', payable: aPayable({ state: 'paid' }) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Paid' })).toBeTruthy();
    expect(screen.getByText('You paid €50.00 with Test card (sandbox). Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('puts the server’s refusal of a field next to it', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        cvc: ['Three or four digits.'],
      }),
    );
    await chooseUiLanguage('fr');
    await renderScreen();
    await user.type(screen.getByLabelText('Numéro de carte'), '4242424242424242');
    await user.type(screen.getByLabelText('Date d’expiration'), '1230');
    await user.type(screen.getByLabelText('Cryptogramme (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: /^Payer/ }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Cryptogramme (CVC)'))).toBe(
        'Les 3 ou 4 chiffres au dos. Trois ou quatre chiffres.',
      );
    });
  });

  it('says a declined card in words, and "Try another card" starts a new payment', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/sandbox')
          ? aPayment({ state: 'failed', outcome: 'card_declined' })
          : aPayment({ id: NEXT_PAYMENT_ID }),
      ),
    );
    stored[NEXT_PAYMENT_ID] = [aPayment({ id: NEXT_PAYMENT_ID })];
    const router = await renderScreen();
    await typeCard(user, { number: '4000 0000 0000 0002', expiry: '12/30' });
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('The card was declined. Nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another way to pay' }).getAttribute('href')).toBe(
      `/select-payment/${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Back to the order' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try another card' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/pay/${NEXT_PAYMENT_ID}`);
    });
    expect(post).toHaveBeenLastCalledWith(`/payables/${ORDER_ID}/payments`, { provider: 'sandbox' });
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
  });

  it('says insufficient funds in the reader’s language', async () => {
    stored[PAYMENT_ID] = [aPayment({ state: 'failed', outcome: 'insufficient_funds' })];
    await chooseUiLanguage('ar');
    await renderScreen();
    expect(screen.getByText('رصيد البطاقة غير كافٍ. لم يُخصم شيء.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'جرّب بطاقة أخرى' })).toBeTruthy();
  });

  it('offers no new attempt when the money was given back because the order was paid by another', async () => {
    stored[PAYMENT_ID] = [
      aPayment({
        state: 'failed',
        outcome: 'succeeded',
        failure: { reason: 'already_paid', message: 'This order was already paid by another payment.' },
        payable: aPayable({ state: 'paid' }),
      }),
    ];
    await renderScreen();
    expect(screen.getByText('This order was already paid by another payment: this one was given back.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try another card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the order' })).toBeTruthy();
  });

  it('shows the seller where the payment stands, read-only', async () => {
    stored[PAYMENT_ID] = [aPayment({ role: 'seller', state: 'succeeded', outcome: 'succeeded' })];
    await chooseUiLanguage('es');
    await renderScreen();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Pagado')).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Comprador',
      'Forma de pago',
      'Importe',
      'Comisión de la plataforma',
      'Recibe el vendedor',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Anna',
      'Tarjeta de prueba (sandbox)',
      '50,00\u00a0€',
      '5,00\u00a0€',
      '45,00\u00a0€',
    ]);
    expect(screen.getByRole('link', { name: 'Volver al pedido' })).toBeTruthy();
  });

  it('makes the member an active subscriber once a subscription is paid', async () => {
    localStorage.setItem(
      STORAGE_KEYS.loginResponse,
      JSON.stringify({ username: 'anna', userid: 'a', isloggedin: true, isactivesubscriber: false }),
    );
    const paid = aPayment({
      state: 'succeeded',
      outcome: 'succeeded',
      amountMinor: 900,
      feeMinor: 0,
      payable: aSubscriptionPayable({ state: 'paid' }),
      order: null,
    });
    stored[PAYMENT_ID] = [paid];
    vi.mocked(get).mockImplementation((url: string) =>
      Promise.resolve(url === '/auth/me' ? { username: 'anna', userId: 'a', activeSubscriber: true } : paid),
    );
    await renderScreen();
    expect(screen.getByText('€9.00 per month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your subscription' }).getAttribute('href')).toBe('/sub');
    await waitFor(() => {
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loginResponse) ?? '{}')).toMatchObject({
        isactivesubscriber: true,
      });
    });
    expect(get).toHaveBeenCalledWith('/auth/me');
    expect(SUBSCRIPTION_ID).toBe(paid.payable.id);
  });

  it('says when the payment is not there (or not mine)', async () => {
    stored = {};
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(screen.getByText('This payment does not exist, or it is not one of yours.')).toBeTruthy();
  });
});

describe('/pay/{id} with Stripe or PayPal', () => {
  const stripe = (overrides: Partial<Payment> = {}) =>
    aPayment({
      provider: 'stripe',
      testMode: false,
      state: 'pending',
      redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      ...overrides,
    });

  it('back from the provider, asks again until it is settled, then says paid', async () => {
    stored[PAYMENT_ID] = [stripe(), stripe({ state: 'succeeded', outcome: 'succeeded', redirectUrl: null })];
    await renderScreen(`/pay/${PAYMENT_ID}?return=1`);
    expect(screen.getByRole('heading', { level: 2, name: 'Confirming your payment' })).toBeTruthy();
    expect(screen.getByText('Asking Stripe whether your payment went through…')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(await screen.findByRole('heading', { level: 2, name: 'Paid' }, { timeout: 3000 })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('says when the provider has not confirmed after about 20 seconds, and asks again on request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      stored[PAYMENT_ID] = [stripe()];
      renderRoutes([{ path: '/pay/:id', element: <PayScreen /> }], `/pay/${PAYMENT_ID}?return=1`);
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.getByRole('heading', { level: 2, name: 'Confirming your payment' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(screen.queryByRole('heading', { level: 2, name: 'Not confirmed yet' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(screen.getByRole('heading', { level: 2, name: 'Not confirmed yet' })).toBeTruthy();
      expect(get).toHaveBeenCalledTimes(8);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(get).toHaveBeenCalledTimes(8);

      stored[PAYMENT_ID] = [stripe({ state: 'succeeded', outcome: 'succeeded', redirectUrl: null })];
      act(() => {
        screen.getByRole('button', { name: 'Check again' }).click();
      });
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.getByRole('heading', { level: 2, name: 'Paid' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('back by the cancel link: nothing charged, another way to pay', async () => {
    stored[PAYMENT_ID] = [stripe({ provider: 'paypal', testMode: true })];
    await renderScreen(`/pay/${PAYMENT_ID}?cancel=1`);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByText('The payment was cancelled at PayPal. Nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Test mode: no real money moves');
    expect(screen.getByRole('link', { name: 'Choose another way to pay' }).getAttribute('href')).toBe(
      `/select-payment/${ORDER_ID}`,
    );
  });

  it('opened here while still open at the provider: continue there', async () => {
    const user = userEvent.setup();
    stored[PAYMENT_ID] = [stripe()];
    await renderScreen();
    expect(screen.getByText('This payment is waiting for you at Stripe.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to Stripe' }));
    expect(goToProvider).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('says an expired checkout, with the way forward', async () => {
    stored[PAYMENT_ID] = [stripe({ state: 'expired', redirectUrl: null })];
    await renderScreen(`/pay/${PAYMENT_ID}?return=1`);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment expired' })).toBeTruthy();
    expect(screen.getByText('The checkout ended before it was paid. Nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another way to pay' })).toBeTruthy();
  });
});
