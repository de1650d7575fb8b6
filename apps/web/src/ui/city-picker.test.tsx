import { useState } from 'react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CityRef, CitySearchResult } from '@tolk/shared/schemas/cities';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { CityPicker, cityLabel } from './city-picker';

const CITIES: CityRef[] = [
  { id: 2988507, name: 'Paris', country: 'FR' },
  { id: 4717560, name: 'Paris', country: 'US' },
  { id: 3067696, name: 'Prague', country: 'CZ' },
];

/** Stands in for GET /api/cities: the names starting with the text. */
const fetchCities = vi.fn((q: string): Promise<CitySearchResult> =>
  Promise.resolve({ cities: CITIES.filter((city) => city.name.toLowerCase().startsWith(q.toLowerCase())) }),
);
const search = (q: string) => queryOptions({ queryKey: ['cities', q], queryFn: () => fetchCities(q) });

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  fetchCities.mockClear();
  await chooseUiLanguage('en');
});

function renderPicker(initial: CityRef | null = null) {
  const onChange = vi.fn();
  function Harness() {
    const [city, setCity] = useState(initial);
    return (
      <CityPicker
        label="Home city"
        value={city}
        search={search}
        onChange={(next) => {
          onChange(next);
          setCity(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Home city' }) };
}

describe('CityPicker', () => {
  it('names the country in the interface language', () => {
    expect(cityLabel(CITIES[0] as CityRef, 'en')).toBe('Paris, France');
    expect(cityLabel(CITIES[0] as CityRef, 'de')).toBe('Paris, Frankreich');
    expect(cityLabel(CITIES[2] as CityRef, 'ar')).toMatch(/^Prague، /);
  });

  it('shows the suggestions for what is typed, asking once typing pauses', async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');

    await user.type(input, 'Par');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Paris, France', 'Paris, United States']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Debounced: one request for the whole word, none for "P" or "Pa".
    expect(fetchCities.mock.calls.map(([q]) => q)).toEqual(['Par']);
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, 'par');
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Paris, United States' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ id: 4717560, name: 'Paris', country: 'US' });
    expect((input as HTMLInputElement).value).toBe('Paris, United States');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('wraps around with ArrowUp and closes on Escape without choosing', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, 'Pr');
    await screen.findByRole('option', { name: 'Prague, Czechia' });
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Prague, Czechia' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a tapped suggestion', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, 'Pra');
    await user.click(await screen.findByRole('option', { name: 'Prague, Czechia' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 3067696, name: 'Prague', country: 'CZ' });
    expect(document.activeElement).toBe(input);
  });

  it('says so when no city matches', async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, 'Xyz');
    expect(await screen.findByText('No city found for “Xyz”.')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the chosen city and clears it with the clear button', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker({ id: 3067696, name: 'Prague', country: 'CZ' });
    expect((input as HTMLInputElement).value).toBe('Prague, Czechia');

    await user.click(screen.getByRole('button', { name: 'Clear the city' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear the city' })).toBeNull();
  });

  it('puts the chosen city back when typing leads nowhere and the input is left', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker({ id: 2988507, name: 'Paris', country: 'FR' });
    await user.clear(input);
    await user.type(input, 'Lon');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('Paris, France');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(input.getAttribute('aria-expanded')).toBe('false');
    });
  });
});
