import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TripMeet } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { aPerson, aReaderText, aTrip, TRIP_ID } from '../test-factories';
import { Component as TripScreen } from './trip-screen';

let meet: TripMeet | HttpError;

vi.mock('../api/get-trip-meet', () => ({
  tripMeetQuery: (id: string) =>
    queryOptions({
      queryKey: ['connect', 'trips', id, 'meet'],
      queryFn: () => (meet instanceof HttpError ? Promise.reject(meet) : Promise.resolve(meet)),
    }),
}));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  meet = { trip: aTrip(), locals: [], travellers: [] };
  await chooseUiLanguage('en');
});

async function renderScreen() {
  const router = createMemoryRouter([{ path: '/connect/trips/:id', element: <TripScreen /> }], {
    initialEntries: [`/connect/trips/${TRIP_ID}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

describe('/connect/trips/{id}', () => {
  it('shows whom my trip meets: locals of the city and travellers there on the same days', async () => {
    meet = {
      trip: aTrip(),
      locals: [
        { ...aPerson({ id: 'a1', displayName: 'Beatriz', connection: 'connected' }), asked: true },
        { ...aPerson({ id: 'a2', displayName: 'Rui' }), asked: false },
      ],
      travellers: [
        {
          person: aPerson({ id: 'a3', displayName: 'Kenji' }),
          trip: aTrip({
            id: 'kenji-trip',
            arrival: '2099-07-05',
            departure: '2099-07-12',
            note: aReaderText({ original: 'リスボンは初めて', text: 'My first time in Lisbon', from: 'ja' }),
          }),
          asked: false,
          askedMe: true,
        },
      ],
    };
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Your trip to Lisbon' })).toBeTruthy();

    const locals = screen.getByRole('region', { name: /Locals in Lisbon/ });
    expect(within(locals).getByText('People who live within 30 km of Lisbon.')).toBeTruthy();
    const beatriz = within(locals).getByRole('article', { name: /Beatriz/ });
    expect(within(beatriz).getByRole('button', { name: 'Message' })).toBeTruthy();
    expect(within(beatriz).getByText('Asked')).toBeTruthy();
    const rui = within(locals).getByRole('article', { name: /Rui/ });
    expect(
      within(rui)
        .getAllByRole('button')
        .map((button) => button.textContent.trim()),
    ).toEqual(['Ask to meet']);

    const travellers = screen.getByRole('region', { name: /Travellers there at the same time/ });
    const kenji = within(travellers).getByRole('article', { name: /Kenji/ });
    expect(within(kenji).getByText(/Jul/).textContent).toMatch(/5.*12 Jul.*2099|Jul 5.*12, 2099/);
    expect(within(kenji).getByText('My first time in Lisbon')).toBeTruthy();
    expect(within(kenji).getByRole('button', { name: 'Report trip' })).toBeTruthy();
    expect(within(kenji).getByText('Wants to meet you')).toBeTruthy();
  });

  it('says when nobody is there yet', async () => {
    await renderScreen();
    expect(screen.getByText('No one living in Lisbon is on Tolk yet.')).toBeTruthy();
    expect(screen.getByText('No one else has a trip to Lisbon on your dates yet.')).toBeTruthy();
  });

  it('says a trip that is gone is not there, with a way back to my trips', async () => {
    meet = new HttpError(404, 'not_found', 'Trip not found.');
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your trips' }).getAttribute('href')).toBe('/connect?tab=trips');
  });
});
