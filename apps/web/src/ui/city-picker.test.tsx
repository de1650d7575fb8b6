import { useState } from 'react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CityChoice, CityRef, CitySearchResult } from '@tolk/shared/schemas/cities';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { CityPicker, cityChoiceLabels, cityLabel } from './city-picker';

/** As GET /api/cities gives them, the most populous first. */
const CITIES: CityChoice[] = [
  { id: 2988507, name: 'Paris', region: 'Île-de-France', country: 'FR', lat: 48.85341, lon: 2.3488 },
  { id: 4717560, name: 'Paris', region: 'Texas', country: 'US', lat: 33.66094, lon: -95.55551 },
  { id: 3067696, name: 'Prague', region: 'Prague', country: 'CZ', lat: 50.08804, lon: 14.42076 },
  { id: 2514334, name: 'Madridejos', region: 'Castilla-La Mancha', country: 'ES', lat: 39.46823, lon: -3.53196 },
  { id: 1704127, name: 'Madridejos', region: 'Central Visayas', country: 'PH', lat: 9.79116, lon: 123.3462 },
  { id: 1704126, name: 'Madridejos', region: 'Central Visayas', country: 'PH', lat: 11.298, lon: 123.7339 },
  { id: 4517009, name: 'London', region: 'Ohio', country: 'US', lat: 39.88645, lon: -83.44825 },
  { id: 4298960, name: 'London', region: 'Kentucky', country: 'US', lat: 37.12898, lon: -84.08326 },
];
/** Left-to-right isolates keep coordinates in order inside a right-to-left label. */
const ltr = (text: string) => `\u2066${text}\u2069`;

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
    expect(options.map((option) => option.textContent)).toEqual([
      'Paris, Île-de-France, France',
      'Paris, Texas, United States',
    ]);
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
    const active = screen.getByRole('option', { name: 'Paris, Texas, United States' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(CITIES[1]);
    expect((input as HTMLInputElement).value).toBe('Paris, Texas, United States');
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
    expect(onChange).toHaveBeenLastCalledWith(CITIES[2]);
    expect(document.activeElement).toBe(input);
  });

  it('tells namesakes apart: by their region, and by their centre where the region is the same', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, 'Madridejos');
    const options = await screen.findAllByRole('option');
    const names = options.map((option) => option.textContent);
    expect(names).toEqual([
      'Madridejos, Castilla-La Mancha, Spain',
      `Madridejos, Central Visayas, Philippines (at ${ltr('9.79, 123.35')})`,
      `Madridejos, Central Visayas, Philippines (at ${ltr('11.30, 123.73')})`,
    ]);
    expect(new Set(names).size).toBe(names.length);
    await user.click(options[2]!);
    expect(onChange).toHaveBeenLastCalledWith(CITIES[5]);

    await user.clear(input);
    await user.type(input, 'London');
    await waitFor(() => {
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'London, Ohio, United States',
        'London, Kentucky, United States',
      ]);
    });
  });

  it('gives coordinates as many decimals as tell two namesakes apart, in every language', () => {
    const twin = (id: number, lat: number, lon: number): CityChoice => ({
      id,
      name: 'Santa Cruz',
      country: 'PH',
      lat,
      lon,
    });
    const at = (label: string, coordinates: string) => `${label} (${coordinates})`;
    expect(cityChoiceLabels([twin(1, 14.2854, 121.4124), twin(2, 14.2891, 121.4131)], 'en', at)).toEqual([
      `Santa Cruz, Philippines (${ltr('14.285, 121.412')})`,
      `Santa Cruz, Philippines (${ltr('14.289, 121.413')})`,
    ]);
    const [first] = cityChoiceLabels([twin(1, 14.2854, 121.4124), twin(2, 13.1, 122.5)], 'ar', at);
    expect(first).toBe(`Santa Cruz، الفلبين (${ltr('14.29, 121.41')})`);
    // A lone city keeps its plain label.
    expect(cityChoiceLabels([twin(1, 14.2854, 121.4124)], 'en', at)).toEqual(['Santa Cruz, Philippines']);
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
