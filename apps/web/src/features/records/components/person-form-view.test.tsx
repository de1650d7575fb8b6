import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { Component as PersonForm } from '../screens/person-form-screen';
import { aPerson, aPhoto, PLACE_ID } from '../test-factories';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PHOTO = aPhoto();

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(get).mockImplementation((url: string) =>
    Promise.resolve(
      url === '/places' ? { items: [{ id: PLACE_ID, name: 'Tasca do Chico' }], nextCursor: null } : aPerson(),
    ),
  );
  vi.mocked(post).mockImplementation((url: string) => Promise.resolve(url === '/uploads' ? PHOTO : aPerson()));
  await chooseUiLanguage('en');
});

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/person/add', element: <PersonForm /> },
      { path: '/person/:id', element: <p>Person page</p> },
    ],
    { initialEntries: ['/person/add'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('adding a person', () => {
  it('takes where we met from my places, languages as chips, and a photo uploaded at once', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'New person' })).toBeTruthy();
    await user.type(screen.getByLabelText('Their name'), 'Ana');
    await user.upload(screen.getByLabelText('Add a photo'), new File(['x'], 'ana.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/uploads', expect.any(FormData));

    await user.selectOptions(await screen.findByLabelText('One of my places'), 'Tasca do Chico');
    await user.type(screen.getByLabelText('Or in words'), 'by the window');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language to add' }), 'pt');
    await user.click(screen.getByRole('button', { name: 'Add language' }));
    const languages = screen.getByRole('group', { name: 'Languages they speak' });
    expect(within(languages).getByRole('button', { name: 'Remove Portuguese' })).toBeTruthy();
    await user.type(screen.getByLabelText('Their Tolk username (optional)'), '@ana');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(post).toHaveBeenLastCalledWith('/persons', {
        name: 'Ana',
        description: '',
        note: '',
        photoId: PHOTO.id,
        metPlaceId: PLACE_ID,
        metWhere: 'by the window',
        metOn: null,
        languages: ['pt'],
        username: 'ana',
      });
    });
  });

  it('refuses a file that is not a photo before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.upload(screen.getByLabelText('Add a photo'), new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('group', { name: 'Photo' }).textContent).toContain(
      'Only JPEG, PNG and WebP photos are accepted.',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the server’s word on a username next to the field, in the reader’s language', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(
      new HttpError(400, 'validation_failed', 'No member is called ghost.', {
        username: ['No member is called ghost.'],
      }),
    );
    await chooseUiLanguage('de');
    renderForm();
    await user.type(screen.getByLabelText('Ihr Name'), 'Ana');
    await user.type(screen.getByLabelText('Ihr Tolk-Benutzername (optional)'), 'ghost');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    const username = screen.getByLabelText('Ihr Tolk-Benutzername (optional)');
    await waitFor(() => {
      expect(username.getAttribute('aria-invalid')).toBe('true');
    });
    const described = (username.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Kein Mitglied heißt ghost.');
  });
});
