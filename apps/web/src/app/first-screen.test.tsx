import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { initI18n } from '../lib/i18n';
import { LoginResponseProvider } from '../lib/session';
import { routes } from './router';

/*
 * A page load renders the app shell and the landing page with only the first-screen part of the
 * language (apps/web/locale-parts.ts names its sections); the rest arrives after. Anything on that
 * first screen asking for a key of the rest would show the key itself for a moment. Here the later
 * parts never arrive, so nothing can hide such a key.
 */
vi.mock('../lib/later-parts', () => ({
  afterFirstScreen: () => () => new Promise(() => undefined),
  loadLaterParts: () => new Promise(() => undefined),
}));

const missing: string[] = [];
const recordMissing = (_languages: readonly string[], _namespace: string, key: string) => {
  missing.push(key);
};

beforeEach(async () => {
  await initI18n({ firstScreenOnly: true });
  i18next.on('missingKey', recordMissing);
});

afterEach(() => {
  i18next.off('missingKey', recordMissing);
  missing.length = 0;
});

async function renderFirstScreen(path: string) {
  render(
    <LoginResponseProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </LoginResponseProvider>,
  );
  // The shell is up at once and the landing's chunk follows: a busy machine may take a while to load it.
  await screen.findByRole('heading', { level: 1, name: en.landing.heroTitle }, { timeout: 10_000 });
}

describe('the first screen', () => {
  it('shows a guest the shell and the landing page from the first-screen part of the language alone', async () => {
    await renderFirstScreen('/');
    expect(screen.getByRole('button', { name: en.header.signIn })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.cookies.accept })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows a member the same, with their name in the header', async () => {
    localStorage.setItem(
      'tolk.loginResponse',
      JSON.stringify({ username: 'mira', displayName: 'Mira', isloggedin: true, tenant: 'public', roles: 'user' }),
    );
    await renderFirstScreen('/home');
    expect(screen.getByRole('button', { name: en.header.signOutName.replace('{{name}}', 'Mira') })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
