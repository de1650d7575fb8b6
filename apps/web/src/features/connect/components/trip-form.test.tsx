import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { post, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { aTrip } from '../test-factories';
import { TripFormView } from './trip-form';

const LISBON = { id: 2267057, name: 'Lisbon', country: 'PT' };

// Planning a trip is a POST, changing one a PUT.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
  put: vi.fn(),
}));
vi.mock('../../../lib/cities', () => ({
  citiesQuery: (q: string) =>
    queryOptions({ queryKey: ['cities', q], queryFn: () => Promise.resolve({ cities: [LISBON] }) }),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(post).mockResolvedValue(aTrip());
  vi.mocked(put).mockResolvedValue(aTrip());
  await chooseUiLanguage('en');
});

function renderForm(trip?: ReturnType<typeof aTrip>) {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TripFormView trip={trip} onDone={onDone} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  return { onDone, onCancel };
}

async function fillIn(arrival: string, departure: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Lis');
  await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
  fireEvent.change(screen.getByLabelText('Arrival'), { target: { value: arrival } });
  fireEvent.change(screen.getByLabelText('Departure'), { target: { value: departure } });
  return user;
}

const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the trip form', () => {
  it('asks for the destination and both days before sending anything', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add trip' }));
    expect(await screen.findByText('Choose a city from the list.')).toBeTruthy();
    expect(screen.getByLabelText('Arrival').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(screen.getByLabelText('Departure'))).toContain('Required.');
    expect(post).not.toHaveBeenCalled();
  });

  it('says the note is translated for each reader', () => {
    renderForm();
    expect(errorOf(screen.getByLabelText('Note (optional)'))).toBe(
      'Write in your language: each reader gets it translated into theirs.',
    );
  });

  it('plans the trip as the server takes it, and says so', async () => {
    const { onDone } = renderForm();
    const user = await fillIn('2099-07-03', '2099-07-10');
    await user.type(screen.getByLabelText('Note (optional)'), '  First time in Lisbon!  ');
    await user.click(screen.getByRole('radio', { name: /My connections/ }));
    await user.click(screen.getByRole('button', { name: 'Add trip' }));
    await waitFor(() => {
      expect(onDone).toHaveBeenCalled();
    });
    expect(post).toHaveBeenCalledWith('/connect/trips', {
      cityId: 2267057,
      arrival: '2099-07-03',
      departure: '2099-07-10',
      note: 'First time in Lisbon!',
      visibility: 'connections',
    });
    expect(toast.success).toHaveBeenCalledWith('Trip to Lisbon, Portugal planned.');
  });

  it('shows the server’s refusal of a departure before the arrival on the departure field', async () => {
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        departure: ['The departure is before the arrival.'],
      }),
    );
    const { onDone } = renderForm();
    const user = await fillIn('2099-07-10', '2099-07-03');
    await user.click(screen.getByRole('button', { name: 'Add trip' }));
    const departure = screen.getByLabelText('Departure');
    await waitFor(() => {
      expect(departure.getAttribute('aria-invalid')).toBe('true');
    });
    expect(errorOf(departure)).toBe('The departure is before the arrival.');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server’s refusal in the reader’s language', async () => {
    await chooseUiLanguage('es');
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        departure: ['The departure is before the arrival.'],
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Destino' }), 'Lis');
    await user.click(await screen.findByRole('option', { name: /Lisbon/ }));
    fireEvent.change(screen.getByLabelText('Llegada'), { target: { value: '2099-07-10' } });
    fireEvent.change(screen.getByLabelText('Salida'), { target: { value: '2099-07-03' } });
    await user.click(screen.getByRole('button', { name: 'Añadir viaje' }));
    expect(await screen.findByText('La salida es anterior a la llegada.')).toBeTruthy();
  });

  it('changes a trip of mine, starting from it as planned', async () => {
    const user = userEvent.setup();
    const trip = aTrip();
    renderForm(trip);
    expect(screen.getByRole('heading', { name: 'Change trip' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Arrival').value).toBe(trip.arrival);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe('First time in Lisbon!');
    await user.click(screen.getByRole('radio', { name: /Only me/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(put).toHaveBeenCalledWith(`/connect/trips/${trip.id}`, {
        cityId: trip.city.id,
        arrival: trip.arrival,
        departure: trip.departure,
        note: 'First time in Lisbon!',
        visibility: 'hidden',
      });
    });
  });
});
