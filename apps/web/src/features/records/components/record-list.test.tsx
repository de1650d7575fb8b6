import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@tolk/shared/schemas/persons';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { saveFile } from '../../../lib/download';
import type * as DownloadModule from '../../../lib/download';
import { Component as PersonList } from '../screens/person-list-screen';
import { Component as ThingList } from '../screens/thing-list-screen';
import { aPerson, aThing } from '../test-factories';

const { exportGet } = vi.hoisted(() => ({ exportGet: vi.fn() }));
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  httpClient: () => Promise.resolve({ get: exportGet }),
}));
vi.mock('../../../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  saveFile: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Query = { q?: string; sort: string; cursor?: string };
/** The pages the server has, by cursor ('' for the first). */
let pages: Record<string, { items: unknown[]; nextCursor: string | null }>;
const asked: Query[] = [];

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  asked.length = 0;
  pages = { '': { items: [], nextCursor: null } };
  vi.mocked(get).mockImplementation((_url: string, config?: { params?: unknown }) => {
    const query = config?.params as Query;
    asked.push(query);
    return Promise.resolve(pages[query.cursor ?? ''] ?? { items: [], nextCursor: null });
  });
  await chooseUiLanguage('en');
});

function renderAt(path: string, list = <PersonList />) {
  const router = createMemoryRouter(
    [
      { path: '/person', element: list },
      { path: '/thing', element: list },
      { path: '/person/add', element: <p>Add form</p> },
      { path: '/person/:id', element: <p>Person page</p> },
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

const someone = (index: number): Person =>
  aPerson({ id: `00000000-0000-4000-8000-00000000000${index}`, name: `Person ${index}` });

describe('the list of people', () => {
  it('shows skeletons while the first page loads', () => {
    vi.mocked(get).mockReturnValue(new Promise(() => undefined));
    renderAt('/person');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(document.querySelector('.react-loading-skeleton')).not.toBeNull();
  });

  it('says the spec’s words when there is nobody, with a way to add someone', async () => {
    const router = renderAt('/person');
    expect(await screen.findByText('no people found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    const add = screen.getAllByRole('link', { name: 'Add person' });
    expect(add.length).toBe(2);
    await userEvent.setup().click(add[1]!);
    expect(router.state.location.pathname).toBe('/person/add');
  });

  it('asks for the next page with the cursor the last one gave, until there is none', async () => {
    const user = userEvent.setup();
    pages = {
      '': { items: [someone(1), someone(2)], nextCursor: 'c2' },
      c2: { items: [someone(3)], nextCursor: null },
    };
    renderAt('/person');
    expect(await screen.findByText('Person 1')).toBeTruthy();
    expect(screen.getAllByText('Tasca do Chico · Apr 12, 2026').length).toBe(2);
    expect(screen.getAllByText('Portuguese, English').length).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Person 3')).toBeTruthy();
    expect(asked).toEqual([{ sort: 'recent' }, { sort: 'recent', cursor: 'c2' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: /Person 3/ }).getAttribute('href')).toBe(`/person/${someone(3).id}`);
  });

  it('searches once typing pauses and orders as chosen, both kept in the address', async () => {
    const user = userEvent.setup();
    pages = { '': { items: [someone(1)], nextCursor: null } };
    const router = renderAt('/person');
    await screen.findByText('Person 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'jo');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=jo');
    });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name (A–Z)');
    await waitFor(() => {
      expect(asked.at(-1)).toEqual({ sort: 'name', q: 'jo' });
    });
    // One request for the typed word, not one per letter.
    expect(asked.filter((query) => query.q === 'j')).toEqual([]);
    expect(router.state.location.search).toBe('?q=jo&sort=name');
  });

  it('says nothing matched a search in the spec’s words, and clears it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/person?q=zz');
    expect(await screen.findByText('no people found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });

  it('forgets a search when the address drops it (the menu’s link to the list)', async () => {
    const user = userEvent.setup();
    const router = renderAt('/person?q=zz');
    await screen.findByText('no people found');
    await router.navigate('/person');
    await waitFor(() => {
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'an');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=an');
    });
  });

  it('exports everything as JSON, or this kind as CSV, through the app’s HTTP client', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['id,name']);
    exportGet.mockResolvedValue({
      data: blob,
      headers: { 'content-disposition': 'attachment; filename="tolk-persons-2026-05-01.csv"' },
    });
    renderAt('/person');
    await screen.findByText('no people found');
    const toggle = screen.getByRole('button', { name: 'Export' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'This list (CSV)' }));
    expect(exportGet).toHaveBeenCalledWith('/records/export', {
      params: { format: 'csv', kind: 'persons' },
      responseType: 'blob',
    });
    await waitFor(() => {
      expect(saveFile).toHaveBeenCalledWith(blob, 'tolk-persons-2026-05-01.csv');
    });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Everything (JSON)' }));
    expect(exportGet).toHaveBeenLastCalledWith('/records/export', { params: { format: 'json' }, responseType: 'blob' });
  });
});

describe('the list of things', () => {
  it('says the spec’s words for no items', async () => {
    renderAt('/thing', <ThingList />);
    expect(await screen.findByText('no items found')).toBeTruthy();
  });

  it('shows each price in the reader’s way of writing money', async () => {
    pages = { '': { items: [aThing()], nextCursor: null } };
    renderAt('/thing', <ThingList />);
    const row = await screen.findByRole('link', { name: /Guided walk/ });
    expect(within(row).getByText('€12.50 per person · Available')).toBeTruthy();
    expect(within(row).getByText('Offered')).toBeTruthy();
  });
});
