import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrdersPage, OrdersWaiting } from '@tolk/shared/schemas/orders';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { anOrder, ORDER_ID } from '../test-factories';
import { Component as OrdersScreen } from './orders-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
}));

/** An order as a list gives it: without its timeline. */
const row = (overrides: Parameters<typeof anOrder>[0] = {}): OrdersPage['items'][number] => {
  const order: Partial<Order> = anOrder(overrides);
  delete order.events;
  return order as OrdersPage['items'][number];
};
const SECOND_ID = '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';

/** Pages by side and cursor, as the server would give them. */
let pages: Record<string, OrdersPage>;
/** What waits for me on each side, and how many orders I have there. */
let waiting: OrdersWaiting;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  pages = {
    buyer: { items: [row()], nextCursor: 'c1' },
    'buyer:c1': {
      items: [
        row({ id: SECOND_ID, thing: { id: null, name: 'Guidebook', unit: 'item', photo: null }, serviceAt: null }),
      ],
      nextCursor: null,
    },
    seller: { items: [], nextCursor: null },
  };
  waiting = { buyer: { waiting: 0, total: 2 }, seller: { waiting: 0, total: 0 } };
  vi.mocked(get).mockImplementation((url, config) => {
    if (url === '/orders/waiting') return Promise.resolve(waiting);
    const { role, cursor } = (config?.params ?? {}) as { role: string; cursor?: string };
    return Promise.resolve(pages[cursor ? `${role}:${cursor}` : role]);
  });
  await chooseUiLanguage('en');
});

function renderAt(path = '/orders') {
  const router = renderRoutes(
    [
      { path: '/orders', element: <OrdersScreen /> },
      { path: '/order/:id', element: <p>Order page</p> },
    ],
    path,
  );
  return router;
}

describe('/orders', () => {
  it('lists what I buy: the thing, the seller, when, the total and where it stands, a page at a time', async () => {
    const user = userEvent.setup();
    renderAt();
    expect((await screen.findByRole('tab', { name: 'Buying' })).getAttribute('aria-selected')).toBe('true');
    const first = await screen.findByRole('link', { name: /Paseo por Lavapiés/ });
    expect(first.getAttribute('href')).toBe(`/order/${ORDER_ID}`);
    expect(within(first).getByText(/^From Lucía · .*2030/)).toBeTruthy();
    expect(within(first).getByText('€50.00')).toBeTruthy();
    expect(within(first).getByText('Pending')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await screen.findByRole('link', { name: /Guidebook/ });
    expect(within(second).getByText(/^From Lucía · .*2026/)).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith(
      '/orders',
      expect.objectContaining({ params: { role: 'buyer', cursor: 'c1' } }),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows what others ordered from me on the Selling tab, kept in the address, and says when there is none', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    await screen.findByRole('link', { name: /Paseo por Lavapiés/ });
    await user.click(screen.getByRole('tab', { name: 'Selling' }));
    expect(router.state.location.search).toBe('?tab=selling');
    expect(await screen.findByText('Nobody has ordered anything from you yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offer something' }).getAttribute('href')).toBe('/thing/add');
  });

  it('opens where an order waits for me, each tab badged with how many, and keeps the side I pick', async () => {
    const user = userEvent.setup();
    pages.seller = { items: [row({ role: 'seller' })], nextCursor: null };
    waiting = { buyer: { waiting: 1, total: 2 }, seller: { waiting: 3, total: 4 } };
    const router = renderAt();
    const selling = await screen.findByRole('tab', { name: 'Selling 3 waiting for you' });
    expect(selling.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Buying 1 waiting for you' }).getAttribute('aria-selected')).toBe('false');
    expect(await screen.findByRole('link', { name: /Paseo por Lavapiés/ })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /^Buying/ }));
    expect(router.state.location.search).toBe('?tab=buying');
    expect(screen.getByRole('tab', { name: /^Buying/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens on Selling for a member who only sells, and on Buying when the counts cannot be read', async () => {
    waiting = { buyer: { waiting: 0, total: 0 }, seller: { waiting: 0, total: 1 } };
    renderAt();
    expect((await screen.findByRole('tab', { name: 'Selling' })).getAttribute('aria-selected')).toBe('true');
    cleanup();
    vi.mocked(get).mockImplementation((url, config) => {
      if (url === '/orders/waiting') return Promise.reject(new Error('down'));
      const { role } = (config?.params ?? {}) as { role: string };
      return Promise.resolve(pages[role]);
    });
    renderAt();
    expect((await screen.findByRole('tab', { name: 'Buying' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('link', { name: /Paseo por Lavapiés/ })).toBeTruthy();
  });

  it('names the buyer on the Selling side', async () => {
    pages.seller = { items: [row({ role: 'seller', state: 'accepted' })], nextCursor: null };
    renderAt('/orders?tab=selling');
    const order = await screen.findByRole('link', { name: /Paseo por Lavapiés/ });
    expect(within(order).getByText(/^Ordered by Anna · /)).toBeTruthy();
    expect(within(order).getByText('Accepted')).toBeTruthy();
  });

  it('says when I have ordered nothing yet, and where to look', async () => {
    pages.buyer = { items: [], nextCursor: null };
    renderAt();
    await waitFor(() => {
      expect(screen.getByText('You have not ordered anything yet.')).toBeTruthy();
    });
    expect(screen.getByRole('link', { name: 'See what people offer' }).getAttribute('href')).toBe('/connect');
  });
});
