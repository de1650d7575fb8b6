import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@tolk/shared/schemas/orders';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { ANNA, anOrder, LUCIA, ORDER_ID } from '../test-factories';
import { Component as OrderDetailScreen } from './order-detail-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The order as the server has it now, for the reader. */
let stored: Order | HttpError;

/** Lucía reads Anna's order: she decides on it, and reads Anna's note in Spanish. */
const asSeller = (overrides: Partial<Order> = {}) =>
  anOrder({
    role: 'seller',
    actions: ['accept', 'decline', 'cancel'],
    note: {
      original: 'We are two friends from Oslo.',
      from: 'en',
      to: 'es',
      text: 'Somos dos amigas de Oslo.',
      transliteration: null,
      state: 'ready',
    },
    ...overrides,
  });

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = anOrder();
  vi.mocked(get).mockImplementation(() =>
    stored instanceof HttpError ? Promise.reject(stored) : Promise.resolve(stored),
  );
  await chooseUiLanguage('en');
});

async function renderScreen() {
  const router = renderRoutes(
    [
      { path: '/order/:id', element: <OrderDetailScreen /> },
      { path: '/order/edit/:id', element: <p>Change the order</p> },
      { path: '/orders', element: <p>My orders</p> },
      { path: '/select-payment/:id', element: <p>Choose a provider</p> },
      { path: '/connect/:id', element: <p>Profile</p> },
    ],
    `/order/${ORDER_ID}`,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

/** The buttons that act on the order, by name. */
const actionButtons = () =>
  screen
    .queryAllByRole('button')
    .filter((button) => button.closest('.order-actions'))
    .map((button) => button.textContent);

describe('/order/{id}', () => {
  it('shows the buyer their pending order: the seller, how many, when, the total, the note, the history', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Paseo por Lavapiés' })).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lucía' }).getAttribute('href')).toBe(`/connect/${LUCIA.id}`);
    expect(screen.queryByText('Buyer')).toBeNull();
    // The fee is the seller's concern: the buyer pays the total.
    expect(screen.queryByText('You receive')).toBeNull();
    expect(screen.getByText('€50.00')).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Seller',
      'Quantity',
      'Date and time',
      'Total',
      'Ordered on',
    ]);
    expect(screen.getByText(/2030/).getAttribute('datetime')).toBe('2030-07-03T08:00:00.000Z');
    const note = screen.getByRole('region', { name: 'Your note' });
    expect(within(note).getByText('We are two friends from Oslo.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'History' })).getByText('Ordered by Anna')).toBeTruthy();
    expect(actionButtons()).toEqual(['Cancel order']);
    expect(screen.getByRole('link', { name: 'Change' }).getAttribute('href')).toBe(`/order/edit/${ORDER_ID}`);
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders?tab=buying');
  });

  it('gives the seller Accept, Decline and Cancel, the note in their language with the original a tap away', async () => {
    const user = userEvent.setup();
    stored = asSeller();
    await renderScreen();
    expect(actionButtons()).toEqual(['Accept', 'Decline', 'Cancel order']);
    expect(screen.queryByRole('link', { name: 'Change' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Anna' }).getAttribute('href')).toBe(`/connect/${ANNA.id}`);
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders?tab=selling');
    // The fee the order carries and what the seller keeps, before they accept.
    expect(screen.getByText('Tolk’s fee').nextElementSibling?.textContent).toBe('€5.00');
    expect(screen.getByText('You receive').nextElementSibling?.textContent).toBe('€45.00');
    expect(
      screen.getByText('If you accept, you receive €45.00 once Anna pays: €50.00 less Tolk’s fee of €5.00.'),
    ).toBeTruthy();
    const note = screen.getByRole('region', { name: 'Note from Anna' });
    expect(within(note).getByText('Somos dos amigas de Oslo.')).toBeTruthy();
    await user.click(within(note).getByRole('button', { name: 'Show original' }));
    expect(within(note).getByText('We are two friends from Oslo.').getAttribute('lang')).toBe('en');
  });

  it('accepts from the version shown, and shows the order as the server answers', async () => {
    const user = userEvent.setup();
    stored = asSeller({ version: 3 });
    const accepted = asSeller({
      version: 4,
      state: 'accepted',
      actions: ['cancel'],
      events: [...anOrder().events, { at: '2026-06-01T10:00:00.000Z', state: 'accepted', actor: LUCIA }],
    });
    vi.mocked(post).mockResolvedValue(accepted);
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(screen.getByText('Accepted')).toBeTruthy();
    });
    expect(post).toHaveBeenCalledWith(`/orders/${ORDER_ID}/accept`, { version: 3 });
    expect(toast.success).toHaveBeenCalledWith('Order accepted.');
    expect(actionButtons()).toEqual(['Cancel order']);
    expect(screen.getByText('Accepted by Lucía')).toBeTruthy();
  });

  it('declines only once asked "Are you sure?"', async () => {
    const user = userEvent.setup();
    stored = asSeller();
    vi.mocked(post).mockResolvedValue(asSeller({ version: 2, state: 'declined', actions: [] }));
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Decline this order? Anna will see that you declined it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/orders/${ORDER_ID}/decline`, { version: 1 });
    });
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(actionButtons()).toEqual([]);
  });

  it('asks the buyer too before cancelling', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockResolvedValue(anOrder({ version: 2, state: 'cancelled', actions: [] }));
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Cancel this order? Lucía will see that it was cancelled.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/orders/${ORDER_ID}/cancel`, { version: 1 });
    });
    expect(toast.success).toHaveBeenCalledWith('Order cancelled.');
  });

  it('reads the order again and says it changed when the other side acted first (409)', async () => {
    const user = userEvent.setup();
    stored = asSeller();
    vi.mocked(post).mockImplementation(() => {
      // Anna cancelled a moment before Lucía tapped Accept.
      stored = asSeller({ version: 2, state: 'cancelled', actions: [] });
      return Promise.reject(
        new HttpError(409, 'conflict', 'This order is now cancelled: reload it to see what changed.'),
      );
    });
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'This order changed in the meantime. Here it is as it is now.',
    );
    await waitFor(() => {
      expect(screen.getByText('Cancelled')).toBeTruthy();
    });
    expect(get).toHaveBeenCalledTimes(2);
    expect(actionButtons()).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says other refusals in a toast', async () => {
    const user = userEvent.setup();
    stored = asSeller();
    vi.mocked(post).mockRejectedValue(new HttpError(403, 'forbidden', 'Only the seller can do this.'));
    await chooseUiLanguage('de');
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('Das darfst du nicht tun.');
    });
  });

  it('shows the buyer of an accepted order the way to pay, and not the seller', async () => {
    stored = anOrder({ state: 'accepted', version: 2 });
    await renderScreen();
    const pay = screen.getByRole('link', { name: 'Pay €50.00' });
    expect(pay.getAttribute('href')).toBe(`/select-payment/${ORDER_ID}`);
    expect(screen.getByText('Lucía accepted your order. Pay to confirm it.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change' })).toBeNull();
  });

  it('shows no way to pay to the seller of an accepted order', async () => {
    stored = asSeller({ state: 'accepted', version: 2, actions: ['cancel'] });
    await renderScreen();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it('shows the buyer of a free order "Free" and no way to pay', async () => {
    stored = anOrder({ unitPriceMinor: 0, totalMinor: 0, state: 'accepted', version: 2 });
    await renderScreen();
    expect(screen.getByText('Lucía accepted your order. It is free: there is nothing to pay.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(screen.getAllByText('Free').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/€/)).toBeNull();
  });

  it('shows the seller of a free order "Free" in their language and the way to fulfil it', async () => {
    stored = asSeller({
      unitPriceMinor: 0,
      totalMinor: 0,
      state: 'accepted',
      version: 2,
      actions: ['cancel', 'fulfil'],
    });
    await chooseUiLanguage('ar');
    await renderScreen();
    expect(screen.getAllByText('مجاني').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('link', { name: /ادفع/ })).toBeNull();
    expect(actionButtons()).toEqual(['إلغاء الطلب', 'تحديد كمنجز']);
  });

  it('says when the order is not there (or not mine)', async () => {
    stored = new HttpError(404, 'not_found', 'Order not found.');
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders');
  });
});
