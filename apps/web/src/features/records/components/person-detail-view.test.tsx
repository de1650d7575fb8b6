import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { del, get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { Component as PersonPage } from '../screens/person-detail-screen';
import { ACCOUNT_ID, aPerson, PERSON_ID, PLACE_ID } from '../test-factories';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(get).mockResolvedValue(aPerson());
  vi.mocked(del).mockResolvedValue(undefined);
  await chooseUiLanguage('en');
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/person/:id', element: <PersonPage /> },
      { path: '/person', element: <p>People</p> },
      { path: '/muses/:id', element: <p>Thread</p> },
    ],
    { initialEntries: [`/person/${PERSON_ID}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a person’s page', () => {
  it('shows who they are, where and when we met, and their Tolk account', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'João Silva' })).toBeTruthy();
    expect(screen.getByText('@joao')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tasca do Chico' }).getAttribute('href')).toBe(`/place/${PLACE_ID}`);
    expect(screen.getByText('at the counter')).toBeTruthy();
    expect(screen.getByText('Apr 12, 2026')).toBeTruthy();
    expect(screen.getByText('Owes me a coffee.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(`/connect/${ACCOUNT_ID}`);
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/person/edit/${PERSON_ID}`);
  });

  it('opens the direct chat with their account, as Connect does', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockResolvedValue({ id: 'c1' });
    const router = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(post).toHaveBeenCalledWith('/conversations', { kind: 'direct', members: ['joao'] });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/muses/c1');
    });
  });

  it('offers no Message or Profile without an account', async () => {
    vi.mocked(get).mockResolvedValue(aPerson({ account: null }));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('says so when the person is not there', async () => {
    vi.mocked(get).mockRejectedValue(new HttpError(404, 'not_found', 'Person not found.'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('This person is not in your list (any more).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('href')).toBe('/person');
  });
});

describe('deleting a person', () => {
  it('asks with the spec’s words first, naming the person, and does nothing when cancelled', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Are you sure you want to delete the item?')).toBeTruthy();
    expect(within(dialog).getByText('“João Silva” is deleted from your people.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
  });

  it('deletes, goes back to the list, and Undo adds the same person again', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith(`/persons/${PERSON_ID}`);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/person');
    });

    const content = vi.mocked(toast.success).mock.calls[0]?.[0] as (props: { closeToast: () => void }) => ReactNode;
    const closeToast = vi.fn();
    render(<>{content({ closeToast })}</>);
    expect(screen.getByText('João Silva deleted.')).toBeTruthy();
    vi.mocked(post).mockResolvedValue(aPerson({ id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(closeToast).toHaveBeenCalled();
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/persons', {
        name: 'João Silva',
        description: 'Fado singer, knows every tasca in Alfama.',
        note: 'Owes me a coffee.',
        photoId: null,
        metPlaceId: PLACE_ID,
        metWhere: 'at the counter',
        metOn: '2026-04-12',
        languages: ['pt', 'en'],
        username: 'joao',
      });
    });
    await waitFor(() => {
      expect(toast.success).toHaveBeenLastCalledWith('João Silva is back.');
    });
  });

  it('says why a delete failed, and stays', async () => {
    const user = userEvent.setup();
    vi.mocked(del).mockRejectedValue(new HttpError(0, 'network', 'Network Error'));
    const router = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('Network Error');
    });
    expect(router.state.location.pathname).toBe(`/person/${PERSON_ID}`);
  });
});
