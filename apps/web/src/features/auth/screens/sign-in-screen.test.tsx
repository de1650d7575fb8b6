import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import { HttpError, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { Component as SignInScreen } from './sign-in-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
// POST /auth/signin, the sign-in's one request.
const signInMock = vi.mocked(post<LoginResponse>);

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  signInMock.mockReset();
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <LoginResponseProvider>
        <MemoryRouter initialEntries={['/signin']}>
          <SignInScreen />
        </MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
}

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/signin (spec: "authenticating credentials" while waiting)', () => {
  it('shows "authenticating credentials" while the sign-in request is pending, and not before or after', async () => {
    let answer: (response: LoginResponse) => void = () => undefined;
    signInMock.mockReturnValue(
      new Promise<LoginResponse>((resolve) => {
        answer = resolve;
      }),
    );
    renderScreen();
    expect(screen.queryByText('authenticating credentials')).toBeNull();

    await submit('kari', 'correct horse');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'authenticating credentials');
    expect(signInMock.mock.calls[0]?.[1]).toEqual({ username: 'kari', password: 'correct horse' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', true);

    answer({
      username: 'kari',
      displayName: 'Kari',
      language: 'en',
      tenant: 'public',
      roles: 'user',
      userId: 'u-1',
      activeSubscriber: false,
      isLoggedIn: true,
      mustChangePassword: false,
      token: 'a.b.c',
    });
    await vi.waitFor(() => {
      expect(screen.queryByText('authenticating credentials')).toBeNull();
    });
  });

  it('shows "Invalid username or password." when the server refuses', async () => {
    signInMock.mockRejectedValue(new HttpError(401, 'unauthorized', 'Invalid username or password.'));
    renderScreen();
    await submit('kari', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(screen.queryByText('authenticating credentials')).toBeNull();
  });
});
