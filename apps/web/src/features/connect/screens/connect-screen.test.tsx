import { infiniteQueryOptions, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connections, DiscoveryPage } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import type { PeopleQuery } from '../filters';
import { aConnection, aPerson, aReaderText, NO_CONNECTIONS } from '../test-factories';
import { Component as ConnectScreen } from './connect-screen';

let page: DiscoveryPage | HttpError;
let connections: Connections;
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

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  asked.length = 0;
  page = { people: [aPerson()], nextCursor: null };
  connections = NO_CONNECTIONS;
  await chooseUiLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/connect', element: <ConnectScreen /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
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
});
