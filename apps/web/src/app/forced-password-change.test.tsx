import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ChangePassword } from '../features/auth/screens/change-password-screen';
import { post } from '../lib/http';
import type * as HttpModule from '../lib/http';
import { notifySession } from '../lib/http-error';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { LoginResponseProvider } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { AppLayout } from './layout/app-layout';
import { MembersOnly } from './members-only';

vi.mock('../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
// Connect's live events and badge are not what this is about (and would open a socket).
vi.mock('../features/connect', () => ({ ConnectLive: () => null, RequestsBadge: () => null }));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const KARI = {
  username: 'kari',
  displayName: 'Kari',
  language: 'en',
  tenant: 'oslo-club',
  roles: 'user',
  userId: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  activeSubscriber: false,
  isLoggedIn: true,
  token: 'one.time.token',
};

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  await chooseUiLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: 'home', element: <p>Landing</p> },
          { path: 'cookie-policy', element: <p>Cookie policy screen</p> },
          {
            element: <MembersOnly />,
            children: [
              { path: 'changepassword', element: <ChangePassword /> },
              { path: 'person', element: <p>People screen</p> },
              { path: 'account/page', element: <p>My account page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginResponseProvider>
        <RouterProvider router={router} />
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  return router;
}

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.loginResponse) ?? '{}') as Record<string, unknown>;

describe('a member who signed in with a one-time password', () => {
  it('is kept on the password change, told why, until it succeeds; then goes on to where they were going', async () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ ...KARI, mustChangePassword: true }));
    const user = userEvent.setup();
    const router = renderAt('/person');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your own password' })).toBeTruthy();
    expect(
      screen.getByText('Choose your own password to continue. The password you were given works only once.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/changepassword');
    expect(router.state.location.search).toBe('?returnTo=%2Fperson');
    expect(screen.queryByText('People screen')).toBeNull();

    // Other routes, member or not, lead back here; the cookie policy stays readable.
    await act(() => router.navigate('/account/page'));
    expect(router.state.location.pathname).toBe('/changepassword');
    await act(() => router.navigate('/home'));
    expect(router.state.location.pathname).toBe('/changepassword');
    await act(() => router.navigate('/cookie-policy'));
    expect(screen.getByText('Cookie policy screen')).toBeTruthy();
    await act(() => router.navigate('/person'));

    vi.mocked(post).mockResolvedValueOnce({ ...KARI, token: 'own.password.token', mustChangePassword: false });
    await user.type(await screen.findByLabelText('One-time password you were given'), 'fjord-otter-51');
    await user.type(screen.getByLabelText('New password'), 'my own harbour');
    await user.type(screen.getByLabelText('Confirm new password'), 'my own harbour');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('People screen')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/auth/change-password', {
      currentPassword: 'fjord-otter-51',
      newPassword: 'my own harbour',
    });
    expect(stored().mustChangePassword).toBe(false);
    expect(toast.success).toHaveBeenCalledWith('Your password is set. Welcome to Tolk!');
    expect(router.state.location.pathname).toBe('/person');
  });

  it('goes to their account page once it is changed, when they were going nowhere else', async () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ ...KARI, mustChangePassword: true }));
    const user = userEvent.setup();
    const router = renderAt('/changepassword');
    vi.mocked(post).mockResolvedValueOnce({ ...KARI, mustChangePassword: false });
    await user.type(await screen.findByLabelText('One-time password you were given'), 'fjord-otter-51');
    await user.type(screen.getByLabelText('New password'), 'my own harbour');
    await user.type(screen.getByLabelText('Confirm new password'), 'my own harbour');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/page');
    });
  });

  it('is sent there as soon as any call answers 403 password_change_required', async () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify(KARI));
    const router = renderAt('/person');
    expect(await screen.findByText('People screen')).toBeTruthy();
    act(() => {
      notifySession('passwordChangeRequired');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your own password' })).toBeTruthy();
    expect(router.state.location.search).toBe('?returnTo=%2Fperson');
  });

  it('changes nothing for a member who chose their own password: they go where they like, and the change is the usual one', async () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ ...KARI, mustChangePassword: false }));
    const router = renderAt('/person');
    expect(await screen.findByText('People screen')).toBeTruthy();
    await act(() => router.navigate('/changepassword'));
    expect(screen.getByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});
