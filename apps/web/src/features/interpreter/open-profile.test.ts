import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InterpreterProfile, Plaza, PlazaSession } from '@tolk/shared/schemas/plazas';
import { HttpError } from '../../lib/http';
import { createPlaza } from './api/create-plaza';
import { getPlaza } from './api/get-plaza';
import { openInterpreterProfile } from './api/open-interpreter-profile';
import { LAST_PLAZAS_KEY, lastPlazaOf } from './last-plazas';
import { openProfilePlaza } from './open-profile';
import { savePlazaToken } from './plaza-tokens';

vi.mock('./api/create-plaza', () => ({ createPlaza: vi.fn() }));
vi.mock('./api/get-plaza', () => ({ getPlaza: vi.fn() }));
vi.mock('./api/open-interpreter-profile', () => ({ openInterpreterProfile: vi.fn() }));

const createMock = vi.mocked(createPlaza);
const getMock = vi.mocked(getPlaza);
const openMock = vi.mocked(openInterpreterProfile);

const profile: InterpreterProfile = {
  id: 'b1c2d3e4-0000-4000-8000-000000000001',
  name: 'Market',
  userLanguage: 'en',
  audienceLanguage: 'es',
  voice: { enabled: true, rate: 1 },
  createdAt: '2026-05-01T10:00:00.000Z',
};
const ready = { ...profile, id: 'ready-en-es', name: 'English – Español' };

function aPlaza(id: string, overrides: Partial<Plaza> = {}): Plaza {
  return {
    id,
    name: 'Market',
    userLanguage: 'en',
    audienceLanguage: 'es',
    side: 'user',
    memberId: 'member-host',
    host: true,
    guest: true,
    kept: false,
    expiry: 'conversation',
    expiresAt: '2026-05-01T22:00:00.000Z',
    joinCode: null,
    joinExpiresAt: null,
    participants: [],
    lastSeq: 0,
    ...overrides,
  };
}
const session = (id: string): PlazaSession => ({ plaza: aPlaza(id), guestToken: `token-${id}` });

beforeEach(() => {
  localStorage.clear();
  createMock.mockReset();
  getMock.mockReset();
  openMock.mockReset();
});

describe('opening a pair', () => {
  it("reopens a guest's last plaza while it lives, and starts a new one when asked", async () => {
    createMock.mockImplementation(async () => {
      const made = session(`plaza-${createMock.mock.calls.length}`);
      savePlazaToken(made.plaza.id, made.guestToken!);
      return made;
    });
    const guest = { serverSide: false, member: false };
    expect(await openProfilePlaza(profile, { ...guest, fresh: false })).toBe('plaza-1');
    expect(createMock).toHaveBeenLastCalledWith({ userLanguage: 'en', audienceLanguage: 'es', name: 'Market' });
    expect(lastPlazaOf(profile.id)).toBe('plaza-1');

    getMock.mockResolvedValue(aPlaza('plaza-1'));
    expect(await openProfilePlaza(profile, { ...guest, fresh: false })).toBe('plaza-1');
    expect(createMock).toHaveBeenCalledTimes(1);

    expect(await openProfilePlaza(profile, { ...guest, fresh: true })).toBe('plaza-2');
    expect(lastPlazaOf(profile.id)).toBe('plaza-2');
  });

  it('starts over when the last plaza expired or now speaks another pair', async () => {
    localStorage.setItem(LAST_PLAZAS_KEY, JSON.stringify({ [profile.id]: 'old', [ready.id]: 'moved' }));
    savePlazaToken('old', 'token-old');
    savePlazaToken('moved', 'token-moved');
    getMock.mockImplementation(async (id) => {
      if (id === 'old') throw new HttpError(410, 'gone', 'Expired', { code: ['expired'] });
      return aPlaza(id, { audienceLanguage: 'fr' });
    });
    createMock.mockResolvedValueOnce(session('new-1')).mockResolvedValueOnce(session('new-2'));
    const guest = { serverSide: false, member: false, fresh: false };
    expect(await openProfilePlaza(profile, guest)).toBe('new-1');
    expect(await openProfilePlaza(ready, guest)).toBe('new-2');
    // A ready pair's plaza is unnamed, so its title can follow its languages.
    expect(createMock).toHaveBeenLastCalledWith({ userLanguage: 'en', audienceLanguage: 'es' });
  });

  it('does not try a guest plaza whose token this browser no longer holds', async () => {
    localStorage.setItem(LAST_PLAZAS_KEY, JSON.stringify({ [profile.id]: 'forgotten' }));
    createMock.mockResolvedValue(session('fresh'));
    expect(await openProfilePlaza(profile, { serverSide: false, member: false, fresh: false })).toBe('fresh');
    expect(getMock).not.toHaveBeenCalled();
  });

  it("asks the server for a member's own pair", async () => {
    openMock.mockResolvedValue({ plaza: aPlaza('kept', { guest: false, kept: true }), guestToken: null });
    expect(await openProfilePlaza(profile, { serverSide: true, member: true, fresh: true })).toBe('kept');
    expect(openMock).toHaveBeenCalledWith(profile.id, { fresh: true });
    expect(createMock).not.toHaveBeenCalled();
  });
});
