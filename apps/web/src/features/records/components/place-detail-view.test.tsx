import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { Component as PlacePage } from '../screens/place-detail-screen';
import { aPlace, PLACE_ID } from '../test-factories';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
}));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  await chooseUiLanguage('en');
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/place/:id', element: <PlacePage /> }], {
    initialEntries: [`/place/${PLACE_ID}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a place’s page', () => {
  it('shows the place, its rating and its map, and leads to its city’s people and to a trip there', async () => {
    vi.mocked(get).mockResolvedValue(aPlace());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasca do Chico' })).toBeTruthy();
    expect(screen.getByText('Food and drink')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4 of 5' })).toBeTruthy();
    expect(screen.getByText('Lisbon, Portugal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meet people in Lisbon' }).getAttribute('href')).toBe(
      '/connect?city=2267057&cityName=Lisbon&cityCountry=PT',
    );
    expect(screen.getByRole('link', { name: 'Plan a trip here' }).getAttribute('href')).toBe(
      '/connect?tab=trips&planCity=2267057&planCityName=Lisbon&planCityCountry=PT',
    );
    expect(await screen.findByRole('region', { name: 'Map of Tasca do Chico' })).toBeTruthy();
  });

  it('has no map without coordinates, nor city links without a city', async () => {
    vi.mocked(get).mockResolvedValue(aPlace({ lat: null, lon: null, city: null, rating: null }));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /Meet people/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Plan a trip here' })).toBeNull();
    expect(document.querySelector('.record-map-loading, .record-map')).toBeNull();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });
});
