import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@tolk/shared/schemas/profile';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { Component as ProfileEditScreen } from './profile-edit-screen';

const PROFILE: Profile = {
  username: 'lucia',
  displayName: 'Lucía',
  language: 'en',
  bio: 'Hola',
  bioLanguage: 'es',
  interests: ['hiking'],
  languagesSpoken: [{ code: 'es', level: 'native' }],
  languagesLearning: [],
  homeCity: { id: 3117735, name: 'Madrid', country: 'ES' },
  birthYear: 1990,
  sex: null,
  visibility: 'everyone',
  messagePolicy: 'everyone',
  avatarUrl: null,
};

vi.mock('../api/get-profile', () => ({
  profileQueryKey: ['profile'],
  profileQuery: () => queryOptions({ queryKey: ['profile'], queryFn: () => Promise.resolve(PROFILE) }),
}));
vi.mock('../../../lib/cities', () => ({
  citiesQuery: (q: string) =>
    queryOptions({
      queryKey: ['cities', q],
      queryFn: () => Promise.resolve({ cities: [{ id: 2267057, name: 'Lisbon', country: 'PT' }] }),
    }),
}));
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  put: vi.fn(),
  // GET /auth/email, the address section's: none set yet.
  get: vi.fn(() => Promise.resolve({ email: null, verified: false })),
}));
// PUT /profile, the save's one request.
const updateMock = vi.mocked(put<Profile>);

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  updateMock.mockReset();
  updateMock.mockResolvedValue(PROFILE);
  await chooseUiLanguage('en');
});

async function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginResponseProvider>
        <MemoryRouter initialEntries={['/profile/edit']}>
          <ProfileEditScreen />
        </MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  await screen.findByLabelText('Display name');
}

describe('/profile/edit', () => {
  it('sends the city by id, the languages with their levels, the interest tags and both policies', async () => {
    const user = userEvent.setup();
    await renderScreen();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Home city' }).value).toBe('Madrid, Spain');

    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByLabelText('Language 2'), 'en');
    await user.selectOptions(screen.getByLabelText('How well you speak language 2'), 'fluent');

    await user.selectOptions(screen.getByLabelText('A language you are learning'), 'ja');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Remove Japanese' })).toBeTruthy();

    const boardGames = screen.getByRole('button', { name: 'Board games' });
    expect(boardGames.getAttribute('aria-pressed')).toBe('false');
    await user.click(boardGames);
    expect(boardGames.getAttribute('aria-pressed')).toBe('true');

    const city = screen.getByRole('combobox', { name: 'Home city' });
    await user.clear(city);
    await user.type(city, 'Lis');
    // The picker asks once typing pauses: on a loaded machine (the whole suite at once) that is seconds.
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }, { timeout: 10_000 }));

    await user.click(
      within(screen.getByRole('group', { name: 'Who can find me' })).getByRole('radio', {
        name: 'Only my connections',
      }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Who can message me' })).getByRole('radio', {
        name: 'Only my connections',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(updateMock).toHaveBeenCalledTimes(1);
    });
    expect(updateMock.mock.calls[0]?.[1]).toEqual({
      displayName: 'Lucía',
      language: 'en',
      bio: 'Hola',
      languagesSpoken: [
        { code: 'es', level: 'native' },
        { code: 'en', level: 'fluent' },
      ],
      languagesLearning: ['ja'],
      interests: ['hiking', 'board-games'],
      homeCityId: 2267057,
      birthYear: 1990,
      visibility: 'connections',
      messagePolicy: 'connections',
    });
  }, 30_000);

  it('says when the interests are full, and shows a server error by its field', async () => {
    const user = userEvent.setup();
    updateMock.mockRejectedValue(
      new HttpError(400, 'validation_failed', 'Invalid', { homeCityId: ['Not a city of the list.'] }),
    );
    await renderScreen();
    const chips = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('aria-pressed') === 'false')
      .slice(0, 14);
    for (const chip of chips) await user.click(chip);
    expect(screen.getByText('You have chosen 15, the most allowed. Remove one to choose another.')).toBeTruthy();
    const waiting = screen.getAllByRole('button').find((button) => button.getAttribute('aria-disabled') === 'true');
    expect(waiting?.getAttribute('aria-pressed')).toBe('false');
    if (waiting) await user.click(waiting);
    expect(waiting?.getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a city of the list.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Home city' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('leads from the email section to where each kind of notification reaches me', async () => {
    await renderScreen();
    const link = screen.getByRole('link', { name: /Notification settings/ });
    expect(link.getAttribute('href')).toBe('/notifications/settings');
  });
});
