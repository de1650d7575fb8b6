import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@tolk/shared/schemas/orders';
import { get, patch } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { fromLocalDateTime, toLocalDateTime } from '../order-form';
import { anOrder, ORDER_ID } from '../test-factories';
import { Component as OrderEditScreen } from './order-edit-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  patch: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The order as the server has it now. */
let stored: Order;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = anOrder({ version: 3 });
  vi.mocked(get).mockImplementation(() => Promise.resolve(stored));
  await chooseUiLanguage('en');
});

async function renderScreen() {
  const router = renderRoutes(
    [
      { path: '/order/edit/:id', element: <OrderEditScreen /> },
      { path: '/order/:id', element: <p>Order page</p> },
    ],
    `/order/edit/${ORDER_ID}`,
  );
  await screen.findByRole('heading', { level: 2, name: 'Paseo por Lavapiés' });
  return router;
}

describe('/order/edit/{id}', () => {
  it('starts from the order as it is and saves the change with its version', async () => {
    const user = userEvent.setup();
    vi.mocked(patch).mockResolvedValue(anOrder({ version: 4, quantity: 3, totalMinor: 7500 }));
    const router = await renderScreen();
    expect(screen.getByLabelText<HTMLInputElement>('People').value).toBe('2');
    expect(screen.getByLabelText<HTMLInputElement>('Date and time').value).toBe(
      toLocalDateTime('2030-07-03T08:00:00.000Z'),
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note for Lucía').value).toBe('We are two friends from Oslo.');
    expect(within(screen.getByRole('status')).getByText('€50.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(within(screen.getByRole('status')).getByText('€75.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(patch).toHaveBeenCalledWith(`/orders/${ORDER_ID}`, {
      version: 3,
      quantity: 3,
      serviceAt: fromLocalDateTime(toLocalDateTime('2030-07-03T08:00:00.000Z')),
      note: 'We are two friends from Oslo.',
    });
    expect(toast.success).toHaveBeenCalledWith('Order changed.');
  });

  it('keeps what was typed when the order changed elsewhere, and loads the other version only when asked', async () => {
    const user = userEvent.setup();
    vi.mocked(patch).mockRejectedValueOnce(new HttpError(409, 'conflict', 'This order is now pending: reload it.'));
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'One more' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Changed elsewhere' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('People').value).toBe('3');

    stored = anOrder({ version: 5, quantity: 4, totalMinor: 10000 });
    await user.click(within(notice).getByRole('button', { name: 'Load the other version' }));
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('People').value).toBe('4');
    });
    expect(screen.queryByRole('alert')).toBeNull();

    vi.mocked(patch).mockResolvedValueOnce(stored);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(patch).toHaveBeenLastCalledWith(
        `/orders/${ORDER_ID}`,
        expect.objectContaining({ version: 5, quantity: 4 }),
      );
    });
  });

  it('saves what was typed over the other version when asked', async () => {
    const user = userEvent.setup();
    vi.mocked(patch).mockRejectedValueOnce(new HttpError(409, 'conflict', 'Changed.'));
    await renderScreen();
    fireEvent.change(screen.getByLabelText('Note for Lucía'), { target: { value: 'Three of us now.' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');
    stored = anOrder({ version: 6 });
    vi.mocked(patch).mockResolvedValueOnce(anOrder({ version: 7 }));
    await user.click(within(notice).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => {
      expect(patch).toHaveBeenLastCalledWith(
        `/orders/${ORDER_ID}`,
        expect.objectContaining({ version: 6, note: 'Three of us now.' }),
      );
    });
  });

  it('says an order the seller has answered can no longer be changed, and links to it', async () => {
    stored = anOrder({ state: 'accepted', version: 2 });
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'This order can no longer be changed' })).toBeTruthy();
    expect(screen.getByText('Only a pending order can be changed. This one is now: Accepted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('tells the seller only the buyer changes an order', async () => {
    stored = anOrder({ role: 'seller' });
    await renderScreen();
    expect(screen.getByText('Only the buyer can change an order.')).toBeTruthy();
  });
});
