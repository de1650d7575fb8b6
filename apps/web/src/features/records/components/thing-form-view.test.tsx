import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Thing } from '@tolk/shared/schemas/things';
import { get, post, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { notesOf } from '../../../lib/test-render';
import { Component as ThingForm } from '../screens/thing-form-screen';
import { aThing, THING_ID } from '../test-factories';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The thing as the server has it now. */
let stored: Thing;
/** The member's home country (their profile's city), and the server's fee percent. */
let homeCountry: string | null;
let feePercent: number;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  stored = aThing();
  homeCountry = null;
  feePercent = 10;
  vi.mocked(get).mockImplementation((url) => {
    if (url === '/profile')
      return Promise.resolve({ homeCity: homeCountry ? { id: 1, name: 'Home', country: homeCountry } : null });
    if (url === '/payments/terms') return Promise.resolve({ feePercent });
    return Promise.resolve(stored);
  });
  vi.mocked(post).mockImplementation((_url, body) => Promise.resolve({ ...aThing(), ...(body as object) }));
  await chooseUiLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/thing/add', element: <ThingForm /> },
      { path: '/thing/edit/:id', element: <ThingForm /> },
      { path: '/thing/:id', element: <p>Thing page</p> },
      { path: '/thing', element: <p>Things</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('adding an item', () => {
  it('checks the fields with the shared rules before sending anything', async () => {
    const user = userEvent.setup();
    renderAt('/thing/add');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(notesOf(screen.getByLabelText('What it is called'))).toBe('Required.');
    expect(notesOf(screen.getByLabelText('Price'))).toContain('Required.');
    await user.type(screen.getByLabelText('Price'), '12.505');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Price'))).toContain('Enter a price such as 12.50.');
    });
    await user.selectOptions(screen.getByLabelText('Currency'), 'Another currency…');
    await user.type(screen.getByLabelText('Currency code'), 'ZZZ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('Currency code'))).toContain('Not a currency code (ISO 4217).');
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the price in minor units of the currency chosen, and opens the new item', async () => {
    const user = userEvent.setup();
    const router = renderAt('/thing/add');
    await user.type(await screen.findByLabelText('What it is called'), 'Cooking class');
    await user.type(screen.getByLabelText('Price'), '1500');
    expect(notesOf(screen.getByLabelText('Price'))).toBe('Shown as $1,500.00');
    await user.selectOptions(screen.getByLabelText('Currency'), 'Japanese Yen (JPY)');
    expect(notesOf(screen.getByLabelText('Price'))).toBe('Shown as ¥1,500');
    await user.selectOptions(screen.getByLabelText('Unit'), 'per hour');
    await user.click(screen.getByRole('radio', { name: /Offered/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/things', {
        name: 'Cooking class',
        description: '',
        descriptionLanguage: 'en',
        photoIds: [],
        priceMinor: 1500,
        currency: 'JPY',
        unit: 'hour',
        availability: 'available',
        visibility: 'offered',
      });
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/thing/${THING_ID}`);
    });
    expect(toast.success).toHaveBeenCalledWith('Cooking class added.');
  });

  it('starts in the home country’s currency and tells the seller the fee and what they receive', async () => {
    homeCountry = 'ES';
    feePercent = 12.5;
    const user = userEvent.setup();
    renderAt('/thing/add');
    // The browser says en-US, the member lives in Spain: euros, once the profile is read.
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('EUR');
    });
    expect(screen.queryByText(/You receive/)).toBeNull();
    await user.type(screen.getByLabelText('Price'), '40');
    expect(await screen.findByText('Tolk’s fee (12.5%): €5.00. You receive €35.00.')).toBeTruthy();
    // A currency chosen by hand stays when nothing else changes.
    await user.selectOptions(screen.getByLabelText('Currency'), 'Japanese Yen (JPY)');
    expect(await screen.findByText('Tolk’s fee (12.5%): ¥5. You receive ¥35.')).toBeTruthy();
  });

  it('shows what the server refused next to its field', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        name: ['At most 120 characters.'],
        priceMinor: ['Too large.'],
        photoIds: ['Not a photo of yours.'],
      }),
    );
    renderAt('/thing/add');
    await user.type(await screen.findByLabelText('What it is called'), 'Boat');
    await user.type(screen.getByLabelText('Price'), '9999999');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(notesOf(screen.getByLabelText('What it is called'))).toBe('At most 120 characters.');
    });
    expect(notesOf(screen.getByLabelText('Price'))).toContain('That price is too high.');
    expect(screen.getByRole('group', { name: 'Photos' }).textContent).toContain('This photo is not one of yours.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('editing an item changed elsewhere', () => {
  it('keeps what was typed and reloads the other version only when asked', async () => {
    const user = userEvent.setup();
    vi.mocked(put).mockRejectedValueOnce(
      new HttpError(409, 'conflict', 'This item was changed elsewhere. Reload it to see the changes.'),
    );
    renderAt(`/thing/edit/${THING_ID}`);
    const name = await screen.findByLabelText('What it is called');
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('12.50');
    await user.clear(name);
    await user.type(name, 'Evening walk');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Changed elsewhere' })).toBeTruthy();
    expect(put).toHaveBeenCalledWith(
      `/things/${THING_ID}`,
      expect.objectContaining({ name: 'Evening walk', version: 3 }),
    );
    expect((name as HTMLInputElement).value).toBe('Evening walk');

    stored = aThing({ version: 4, name: 'Sunset walk', priceMinor: 1500 });
    await user.click(within(notice).getByRole('button', { name: 'Load the other version' }));
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('What it is called').value).toBe('Sunset walk');
    });
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('15.00');
    expect(screen.queryByRole('alert')).toBeNull();

    vi.mocked(put).mockResolvedValueOnce(stored);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(put).toHaveBeenLastCalledWith(
        `/things/${THING_ID}`,
        expect.objectContaining({ name: 'Sunset walk', version: 4 }),
      );
    });
  });

  it('saves what was typed over the other version when asked', async () => {
    const user = userEvent.setup();
    vi.mocked(put).mockRejectedValueOnce(new HttpError(409, 'conflict', 'Changed.'));
    const router = renderAt(`/thing/edit/${THING_ID}`);
    const name = await screen.findByLabelText('What it is called');
    await user.clear(name);
    await user.type(name, 'Evening walk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');

    stored = aThing({ version: 7, name: 'Sunset walk' });
    vi.mocked(put).mockResolvedValueOnce(aThing({ version: 8, name: 'Evening walk' }));
    await user.click(within(notice).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => {
      expect(put).toHaveBeenLastCalledWith(
        `/things/${THING_ID}`,
        expect.objectContaining({ name: 'Evening walk', version: 7 }),
      );
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/thing/${THING_ID}`);
    });
    expect(toast.success).toHaveBeenCalledWith('Evening walk saved.');
  });
});
