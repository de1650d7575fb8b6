import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { Component as RegisterScreen } from './register-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
// POST /auth/register, the registration's one request.
const registerMock = vi.mocked(post<LoginResponse>);

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  registerMock.mockReset();
  registerMock.mockResolvedValue({
    username: 'lucia',
    displayName: '',
    language: 'es',
    tenant: 'public',
    roles: 'user',
    userId: 'u1',
    activeSubscriber: false,
    token: 't',
  } as LoginResponse);
  await chooseUiLanguage('en');
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <LoginResponseProvider>
        <MemoryRouter initialEntries={['/register']}>
          <RegisterScreen />
        </MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
}

describe('/register: choose your language', () => {
  it('offers the languages by their own names, starting from the interface language, and sends the choice', async () => {
    const user = userEvent.setup();
    renderScreen();
    const language = screen.getByLabelText<HTMLSelectElement>('My language');
    expect(language.value).toBe('en');
    expect(screen.getByRole('option', { name: 'Español' })).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'lucia');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.selectOptions(language, 'es');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => {
      expect(registerMock).toHaveBeenCalledWith(
        '/auth/register',
        expect.objectContaining({ username: 'lucia', language: 'es' }),
        { noAuth: true },
      );
    });
  });
});
