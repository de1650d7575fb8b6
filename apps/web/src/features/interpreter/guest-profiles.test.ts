import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  addGuestProfile,
  deleteGuestProfile,
  readGuestProfiles,
  readyProfiles,
  renameGuestProfile,
  useGuestProfiles,
} from './guest-profiles';

const KEY = 'tolk.interpreterProfiles';

describe('guest interpreter profiles', () => {
  it('offers the six ready pairs, named in their own languages', () => {
    const names = readyProfiles('en').map((profile) => profile.name);
    expect(names).toEqual([
      'English – Español',
      'English – Français',
      'English – Português',
      'English – Italiano',
      'Español – Português',
      'Français – Español',
    ]);
  });

  it('turns a ready pair so the reader\'s own language is "me"', () => {
    const pairs = readyProfiles('es');
    expect(pairs[0]).toMatchObject({ userLanguage: 'es', audienceLanguage: 'en', name: 'Español – English' });
    expect(pairs[4]).toMatchObject({ userLanguage: 'es', audienceLanguage: 'pt' });
  });

  it('keeps added pairs in localStorage under tolk.interpreterProfiles', async () => {
    expect(readGuestProfiles()).toEqual([]);
    const result = await addGuestProfile({ name: 'Market', userLanguage: 'en', audienceLanguage: 'pt' });
    expect(result.ok).toBe(true);
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as { name: string; voice: unknown }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Market', userLanguage: 'en', audienceLanguage: 'pt' });
    // The schema's default voice settings are stored too.
    expect(stored[0]?.voice).toEqual({ enabled: true, rate: 1 });
  });

  it('refuses a pair of one language, as the server does', async () => {
    const result = await addGuestProfile({ name: 'Same', userLanguage: 'en', audienceLanguage: 'en' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain('audienceLanguage');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('renames and deletes', async () => {
    const added = await addGuestProfile({ name: 'Market', userLanguage: 'en', audienceLanguage: 'pt' });
    if (!added.ok) throw new Error('not added');
    expect((await renameGuestProfile(added.profile.id, '  Fish market ')).ok).toBe(true);
    expect(readGuestProfiles()[0]?.name).toBe('Fish market');
    expect((await renameGuestProfile(added.profile.id, '   ')).ok).toBe(false);
    await deleteGuestProfile(added.profile.id);
    expect(readGuestProfiles()).toEqual([]);
  });

  it('skips damaged entries instead of losing every pair', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { nonsense: true },
        {
          id: 'a',
          name: 'Kept',
          userLanguage: 'fr',
          audienceLanguage: 'es',
          voice: { enabled: false, rate: 1.5 },
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    );
    await vi.waitFor(() => {
      expect(readGuestProfiles().map((profile) => profile.name)).toEqual(['Kept']);
    });
    localStorage.setItem(KEY, '{not json');
    expect(readGuestProfiles()).toEqual([]);
  });

  it('updates the hook when a pair is added', async () => {
    const { result } = renderHook(() => useGuestProfiles());
    expect(result.current).toEqual([]);
    await act(async () => {
      await addGuestProfile({ name: 'Market', userLanguage: 'en', audienceLanguage: 'it' });
    });
    expect(result.current.map((profile) => profile.name)).toEqual(['Market']);
    // Same storage, same array: useSyncExternalStore must not loop.
    expect(readGuestProfiles()).toBe(readGuestProfiles());
  });

  it('shows the pairs stored before the page opened, once their checks are in', async () => {
    vi.resetModules();
    const fresh = await import('./guest-profiles');
    const stored = { userLanguage: 'en', audienceLanguage: 'es', voice: { enabled: true, rate: 1 } };
    localStorage.setItem(
      KEY,
      JSON.stringify([{ id: 'b', name: 'Stored', ...stored, createdAt: '2026-01-01T00:00:00.000Z' }]),
    );
    const { result } = renderHook(() => fresh.useGuestProfiles());
    await vi.waitFor(() => {
      expect(result.current.map((profile) => profile.name)).toEqual(['Stored']);
    });
  });
});
