import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrdersPage } from '@tolk/shared/schemas/orders';
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
  vi.mocked(get).mockImplementation((_url, config) => {
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
    expect(screen.getByRole('tab', { name: 'Buying' }).getAttribute('aria-selected')).toBe('true');
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
