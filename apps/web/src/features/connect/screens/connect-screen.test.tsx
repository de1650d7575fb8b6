import { infiniteQueryOptions, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CityRef } from '@tolk/shared/schemas/cities';
import type { ConnectPersonRef, Connections, DiscoveryPage, Trip, Visitors } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { del } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { PeopleQuery } from '../filters';
import { aConnection, aPerson, aReaderText, aTrip, LUCIA_ID, NO_CONNECTIONS } from '../test-factories';
import { Component as ConnectScreen } from './connect-screen';

let page: DiscoveryPage | HttpError;
let connections: Connections;
let trips: Trip[];
let visitors: Visitors;
let homeCity: CityRef | null;
let blocked: ConnectPersonRef[];
const asked: PeopleQuery[] = [];

vi.mock('../api/list-people', () => ({
  discoveryQuery: (query: PeopleQuery) =>
    infiniteQueryOptions({
      queryKey: ['connect', 'people', 'discover', query],
      queryFn: () => {
        asked.push(query);
        return page instanceof HttpError ? Promise.reject(page) : Promise.resolve(page);
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: DiscoveryPage) => last.nextCursor ?? undefined,
    }),
}));
vi.mock('../api/list-connections', () => ({
  connectionsQuery: () =>
    queryOptions({ queryKey: ['connect', 'connections'], queryFn: () => Promise.resolve(connections) }),
}));

// Cancelling a trip and unblocking someone are the screen's DELETEs.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../api/list-trips', () => ({
  tripsQueryKey: ['connect', 'trips'],
  tripsQuery: () => queryOptions({ queryKey: ['connect', 'trips'], queryFn: () => Promise.resolve({ trips }) }),
}));
vi.mock('../api/list-visitors', () => ({
  visitorsQuery: () => queryOptions({ queryKey: ['connect', 'visitors'], queryFn: () => Promise.resolve(visitors) }),
}));
vi.mock('../api/list-blocked', () => ({
  blockedQuery: () => queryOptions({ queryKey: ['connect', 'blocked'], queryFn: () => Promise.resolve({ blocked }) }),
}));
vi.mock('../../profile/api/get-profile', () => ({
  profileQuery: () => queryOptions({ queryKey: ['profile'], queryFn: () => Promise.resolve({ homeCity }) }),
}));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  asked.length = 0;
  vi.mocked(del).mockReset().mockResolvedValue({ ok: true });
  page = { people: [aPerson()], nextCursor: null };
  connections = NO_CONNECTIONS;
  trips = [];
  visitors = { visitors: [] };
  homeCity = { id: 2267057, name: 'Lisbon', country: 'PT' };
  blocked = [];
  signIn('');
  await chooseUiLanguage('en');
});

function signIn(roles: string) {
  localStorage.setItem(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'anna', tenant: 'public', roles, isloggedin: true, userid: 'u1' }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/connect', element: <ConnectScreen /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginResponseProvider>
        <RouterProvider router={router} />
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('/connect', () => {
  it('asks for the people the URL filters name, and shows them as chips that remove them', async () => {
    const user = userEvent.setup();
    const router = renderAt('/connect?learns=es&km=50&ageMin=20&ageMax=30');
    await screen.findByRole('article', { name: /Lucía/ });
    expect(asked).toEqual([{ learns: 'es', withinKm: 50, ageMin: 20, ageMax: 30 }]);
    expect(screen.getByRole('button', { name: /Filters/ }).textContent).toContain('3 filters set');
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(chips).getByText('Learning Spanish')).toBeTruthy();
    expect(within(chips).getByText('Within 50 km of home')).toBeTruthy();
    expect(within(chips).getByText('Aged 20–30')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove filter: Within 50 km of home' }));
    expect(router.state.location.search).toBe('?learns=es&ageMin=20&ageMax=30');
  });

  it('applies the panel to the URL', async () => {
    const user = userEvent.setup();
    const router = renderAt('/connect?tab=discover');
    await screen.findByRole('article', { name: /Lucía/ });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Speaks'), 'ja');
    await user.selectOptions(screen.getByLabelText('Interest'), 'hiking');
    await user.type(screen.getByLabelText('Youngest'), '40');
    await user.type(screen.getByLabelText('Oldest'), '30');
    await user.click(screen.getByRole('button', { name: 'Show people' }));
    expect(screen.getByText('The oldest age is below the youngest.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Oldest'));
    await user.click(screen.getByRole('button', { name: 'Show people' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'discover',
      speaks: 'ja',
      interest: 'hiking',
      ageMin: '40',
    });
  });

  it('says when nobody matches, with a way to widen the search and to complete the profile', async () => {
    const user = userEvent.setup();
    page = { people: [], nextCursor: null };
    const router = renderAt('/connect?speaks=ja');
    expect(await screen.findByRole('heading', { name: 'No one matches yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe('/profile/edit');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    expect(router.state.location.search).toBe('');
  });

  it('says a distance needs a city when I have no home city', async () => {
    const message = 'Choose a city, or set your home city, to search around it.';
    page = new HttpError(400, 'validation_failed', message, { withinKm: [message] });
    renderAt('/connect?km=10');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'To search by distance, choose a city or set your home city in your profile.',
    );
  });

  it('counts the requests waiting on their tab and lists them there with their note', async () => {
    const user = userEvent.setup();
    connections = {
      ...NO_CONNECTIONS,
      incoming: [aConnection({ note: aReaderText({ original: '¿Practicamos?', text: 'Shall we practise?' }) })],
    };
    const router = renderAt('/connect');
    const tab = await screen.findByRole('tab', { name: 'Requests 1 waiting' });
    await user.click(tab);
    expect(router.state.location.search).toBe('?tab=requests');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Lucía' })).toBeTruthy();
    expect(within(panel).getByText('Shall we practise?')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(panel).getByText('You have no requests waiting for an answer.')).toBeTruthy();

    // Arrow keys move between the tabs.
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?tab=connections');
    expect(within(screen.getByRole('tabpanel')).getByText(/No connections yet/)).toBeTruthy();
  });

  it('lists who is coming to my city on the Trips tab: person, days and note in my language', async () => {
    const user = userEvent.setup();
    visitors = {
      visitors: [
        {
          person: aPerson({ connection: 'connected' }),
          trip: aTrip({
            id: 'lucia-trip',
            owner: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', avatarUrl: null },
            arrival: '2099-07-03',
            departure: '2099-07-10',
            note: aReaderText({ original: 'Busco un café tranquilo', text: 'Looking for a quiet café' }),
          }),
          askedMe: true,
        },
      ],
    };
    trips = [aTrip()];
    const router = renderAt('/connect');
    await user.click(await screen.findByRole('tab', { name: 'Trips' }));
    expect(router.state.location.search).toBe('?tab=trips');
    const coming = await screen.findByRole('region', { name: 'Coming to Lisbon' });
    const row = within(coming).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Lucía' }).getAttribute('href')).toBe(`/connect/${LUCIA_ID}`);
    expect(within(row).getByText(/Jul/).textContent).toMatch(/3.*10 Jul.*2099|Jul 3.*10, 2099/);
    expect(within(row).getByText('Looking for a quiet café')).toBeTruthy();
    expect(within(row).getByText('Wants to meet you')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Message' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Report trip' })).toBeTruthy();

    const mine = screen.getByRole('region', { name: 'Your trips' });
    const trip = within(mine).getByRole('article', { name: 'Lisbon, Portugal' });
    expect(within(trip).getByRole('link', { name: 'Meet people' }).getAttribute('href')).toBe(
      `/connect/trips/${aTrip().id}`,
    );
    expect(within(trip).getByText('First time in Lisbon!')).toBeTruthy();
    expect(within(trip).getByRole('button', { name: 'Cancel trip' })).toBeTruthy();
  });

  it('asks for a home city before it can say who is coming', async () => {
    homeCity = null;
    renderAt('/connect?tab=trips');
    const coming = await screen.findByRole('region', { name: 'Coming to your city' });
    expect(await within(coming).findByText('Set your home city to see who is coming to it.')).toBeTruthy();
    expect(within(coming).getByRole('link', { name: 'Set your home city' }).getAttribute('href')).toBe('/profile/edit');
    expect(within(screen.getByRole('region', { name: 'Your trips' })).getByText('No trips planned yet.')).toBeTruthy();
  });

  it('opens a new trip to the city a link names (“Plan a trip here” on a place), once', async () => {
    const user = userEvent.setup();
    const router = renderAt('/connect?tab=trips&planCity=2267057&planCityName=Lisbon&planCityCountry=PT');
    const destination = await screen.findByRole('combobox', { name: 'Destination' });
    expect((destination as HTMLInputElement).value).toBe('Lisbon, Portugal');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe('?tab=trips');
    expect(screen.queryByRole('combobox', { name: 'Destination' })).toBeNull();
  });

  it('finds the people of the city a link names (“Meet people in …” on a place)', async () => {
    renderAt('/connect?city=2267057&cityName=Lisbon&cityCountry=PT');
    await screen.findByRole('article', { name: /Lucía/ });
    expect(asked).toEqual([{ cityId: 2267057 }]);
  });

  it('cancels a trip of mine only after asking, with "Keep it" as the way out', async () => {
    const user = userEvent.setup();
    trips = [aTrip()];
    renderAt('/connect?tab=trips');
    const trip = await screen.findByRole('article', { name: 'Lisbon, Portugal' });
    await user.click(within(trip).getByRole('button', { name: 'Cancel trip' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your trip to Lisbon, Portugal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(del).not.toHaveBeenCalled();

    await user.click(within(trip).getByRole('button', { name: 'Cancel trip' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: /Cancel your trip/ })).getByRole('button', {
        name: 'Cancel trip',
      }),
    );
    await waitFor(() => {
      expect(del).toHaveBeenCalledWith(`/connect/trips/${aTrip().id}`);
    });
  });

  it('keeps past trips folded away', async () => {
    trips = [aTrip({ id: 'old', arrival: '2020-01-01', departure: '2020-01-05' })];
    renderAt('/connect?tab=trips');
    const past = await screen.findByText('Past trips');
    expect(past.closest('details')?.open).toBe(false);
    expect(screen.getByText('No trips planned yet.')).toBeTruthy();
  });

  it('lists whom I blocked under my connections, to unblock after a question', async () => {
    const user = userEvent.setup();
    blocked = [{ id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', avatarUrl: null }];
    renderAt('/connect?tab=connections');
    const section = await screen.findByRole('region', { name: 'Blocked' });
    expect(within(section).getByText('Lucía')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Unblock' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unblock Lucía?' });
    expect(within(dialog).getByText(/find each other in Connect again/)).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => {
      expect(del).toHaveBeenCalledWith(`/connect/people/${LUCIA_ID}/block`);
    });
  });

  it('links superadmins, and only them, to the report queue', async () => {
    renderAt('/connect');
    await screen.findByRole('article', { name: /Lucía/ });
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    cleanup();
    signIn('superadmin');
    renderAt('/connect');
    expect((await screen.findByRole('link', { name: 'Reports' })).getAttribute('href')).toBe('/connect/reports');
  });
});
