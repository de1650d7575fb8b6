import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderInput } from '@tolk/shared/schemas/orders';
import type { OfferedThing } from '@tolk/shared/schemas/things';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { notesOf, renderRoutes } from '../../../lib/test-render';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage-keys';
import { fromLocalDateTime } from '../order-form';
import { anOfferedThing, anOrder, LUCIA, ORDER_ID, THING_ID } from '../test-factories';
import { Component as OrderAddScreen } from './order-add-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** What Lucía offers now. */
let offered: OfferedThing[];
/** A date and time a week ahead, as a datetime-local input holds it. */
const NEXT_WEEK = (() => {
  const date = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T10:00`;
})();

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  safeStorage.set(STORAGE_KEYS.loginResponse, JSON.stringify({ username: 'anna', tenant: 't', isloggedin: true }));
  offered = [anOfferedThing()];
  vi.mocked(get).mockImplementation(() => Promise.resolve({ items: offered }));
  vi.mocked(post).mockResolvedValue(anOrder());
  await chooseUiLanguage('en');
});

async function renderAt(path = `/order/add?thing=${THING_ID}&owner=lucia`) {
  const router = renderRoutes(
    [
      { path: '/order/add', element: <OrderAddScreen /> },
      { path: '/order/:id', element: <p>Order page</p> },
      { path: '/connect/:id', element: <p>Lucía’s profile</p> },
      { path: '/connect', element: <p>Connect</p> },
    ],
    path,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const sentOrders = () => vi.mocked(post).mock.calls.map(([, body]) => body as OrderInput);

describe('/order/add', () => {
  it('shows the thing and its seller, and the total as a German reader writes money', async () => {
    await chooseUiLanguage('de');
    const user = userEvent.setup();
    await renderAt();
    expect(get).toHaveBeenCalledWith('/things', expect.objectContaining({ params: { owner: 'lucia' } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Paseo por Lavapiés' })).toBeTruthy();
    expect(screen.getByText(/^25,00\s€$/, { selector: '.order-price strong' })).toBeTruthy();
    expect(screen.getByText('pro Person')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lucía' }).getAttribute('href')).toBe(`/connect/${LUCIA.id}`);
    const total = screen.getByRole('status');
    expect(within(total).getByText(/^25,00\s€$/, { selector: 'strong' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Eins mehr' }));
    expect(screen.getByLabelText<HTMLInputElement>('Personen').value).toBe('2');
    expect(within(total).getByText(/^50,00\s€$/, { selector: 'strong' })).toBeTruthy();
    expect(total.textContent).toMatch(/2 × 25,00\s€$/);
    await user.clear(screen.getByLabelText('Personen'));
    await user.type(screen.getByLabelText('Personen'), '4');
    expect(within(total).getByText(/^100,00\s€$/, { selector: 'strong' })).toBeTruthy();
    expect(screen.getByLabelText('Nachricht an Lucía')).toBeTruthy();
    expect(screen.getByText('In deiner Sprache geschrieben; Lucía liest sie in der eigenen.')).toBeTruthy();
  });

  it('asks for the date and time of a service before sending anything', async () => {
    const user = userEvent.setup();
    await renderAt();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Date and time'))).toContain('Choose a date and time for this service.');
    });
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2001-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Date and time'))).toContain('Choose a time in the future.');
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('needs no date and time for an item', async () => {
    offered = [anOfferedThing({ unit: 'item', name: 'Guidebook' })];
    const user = userEvent.setup();
    const router = await renderAt();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(screen.queryByLabelText('Date and time')).toBeNull();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(sentOrders()[0]).toMatchObject({ thingId: THING_ID, quantity: 1, serviceAt: null, note: '' });
  });

  it('shows what the server refused next to its field', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        serviceAt: ['Choose a time in the future.'],
        quantity: ['That comes to too large a total.'],
      }),
    );
    await renderAt();
    fireEvent.change(await screen.findByLabelText('Date and time'), { target: { value: NEXT_WEEK } });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Date and time'))).toContain('Choose a time in the future.');
    });
    expect(notesOf(screen.getByLabelText('People'))).toBe('That comes to too large a total.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says for the whole form when the thing itself is refused', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        thingId: ['This item is not available now.'],
      }),
    );
    await chooseUiLanguage('es');
    await renderAt();
    fireEvent.change(await screen.findByLabelText('Fecha y hora'), { target: { value: NEXT_WEEK } });
    await user.click(screen.getByRole('button', { name: 'Hacer el pedido' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este artículo no está disponible ahora.');
  });

  it('sends one client key for the form, the same again when a lost answer is retried, then opens the order', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValueOnce(new HttpError(0, 'network', 'Network Error'));
    const router = await renderAt();
    await user.click(await screen.findByRole('button', { name: 'One more' }));
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: NEXT_WEEK } });
    await user.type(screen.getByLabelText('Note for Lucía'), 'We are two friends from Oslo.');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`);
    });
    const [first, retry] = sentOrders();
    expect(first).toEqual({
      thingId: THING_ID,
      quantity: 2,
      serviceAt: fromLocalDateTime(NEXT_WEEK),
      note: 'We are two friends from Oslo.',
      clientKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ) as string,
    });
    expect(retry).toEqual(first);
    expect(toast.success).toHaveBeenCalledWith('Order sent to Lucía.');
  });

  it('makes a new key for a new form', async () => {
    const user = userEvent.setup();
    offered = [anOfferedThing({ unit: 'item' })];
    await renderAt();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledTimes(1);
    });
    cleanup();
    await renderAt();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledTimes(2);
    });
    const [first, second] = sentOrders();
    expect(second?.clientKey).not.toBe(first?.clientKey);
  });

  it('says plainly when the thing is not offered (any more), with the way back', async () => {
    offered = [];
    await renderAt();
    expect(await screen.findByRole('heading', { name: 'This cannot be ordered' })).toBeTruthy();
    expect(screen.getByText('This item is not offered (any more).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Connect' }).getAttribute('href')).toBe('/connect');
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });

  it('says so when its owner is unknown (404) or the link lacks them', async () => {
    vi.mocked(get).mockRejectedValue(new HttpError(404, 'not_found', 'Not found.'));
    await renderAt();
    expect(await screen.findByText('This item is not offered (any more).')).toBeTruthy();
    cleanup();
    vi.mocked(get).mockClear();
    await renderAt(`/order/add?thing=${THING_ID}`);
    expect(screen.getByText('This item is not offered (any more).')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it('does not take orders for what is unavailable now', async () => {
    offered = [anOfferedThing({ availability: 'unavailable' })];
    await renderAt();
    expect(await screen.findByText('This item is not available now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to their profile' }).getAttribute('href')).toBe(
      `/connect/${LUCIA.id}`,
    );
  });
});
