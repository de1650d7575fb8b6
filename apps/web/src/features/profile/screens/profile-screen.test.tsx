import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@tolk/shared/schemas/profile';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { Component as ProfileScreen } from './profile-screen';

const PROFILE: Profile = {
  username: 'lucia',
  displayName: 'Lucía',
  language: 'es',
  bio: 'Me encanta caminar.',
  bioLanguage: 'es',
  interests: ['hiking', 'board-games'],
  languagesSpoken: [
    { code: 'es', level: 'native' },
    { code: 'en', level: 'conversational' },
  ],
  languagesLearning: ['ja'],
  homeCity: { id: 2267057, name: 'Lisbon', country: 'PT' },
  birthYear: 1990,
  sex: null,
  visibility: 'connections',
  messagePolicy: 'everyone',
  avatarUrl: null,
};

vi.mock('../api/get-profile', () => ({
  profileQuery: () => queryOptions({ queryKey: ['profile'], queryFn: () => Promise.resolve(PROFILE) }),
}));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await chooseUiLanguage('en');
});

function renderProfile() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginResponseProvider>
        <MemoryRouter initialEntries={['/profile']}>
          <ProfileScreen />
        </MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
}

const signInAs = (session: { tenant: string; roles: string }) => {
  localStorage.setItem(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'lucia', userId: 'lucia-id', isLoggedIn: true, ...session }),
  );
};

describe('/profile', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('shows the connect profile in the reader’s language', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Lucía' })).toBeTruthy();
    expect(screen.getByText('Me encanta caminar.').getAttribute('lang')).toBe('es');
    expect(screen.getByText('Spanish').nextElementSibling?.textContent).toBe('Native');
    expect(screen.getByText('English').nextElementSibling?.textContent).toBe('Conversational');
    expect(screen.getByText('Japanese')).toBeTruthy();
    expect(screen.getByText('Board games')).toBeTruthy();
    expect(screen.getByText('Lisbon, Portugal')).toBeTruthy();
    expect(screen.getByText('Only my connections')).toBeTruthy();
    expect(screen.getByText('Anyone in my community')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/profile/edit');
  });

  it('shows a member no tenant; a superadmin sees it', async () => {
    signInAs({ tenant: 'public', roles: 'user' });
    await chooseUiLanguage('es');
    renderProfile();
    const facts = (await screen.findByRole('heading', { name: 'Lucía' })).closest('section')!;
    expect(facts.textContent).not.toMatch(/Comunidad|public/);
    cleanup();

    signInAs({ tenant: 'root', roles: 'superadmin' });
    await chooseUiLanguage('en');
    renderProfile();
    await screen.findByRole('heading', { name: 'Lucía' });
    expect(screen.getByText('Community').nextElementSibling?.textContent).toBe('root');
  });
});
