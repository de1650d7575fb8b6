import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listAllPlazaMuses } from './api/list-plaza-muses';
import { connectPlaza, type PlazaSocketHandlers } from './plaza-socket';
import { aMuse, aMuseDetail, aTranslation, PLAZA_ID } from './test-factories';
import { usePlazaLive, type PlazaLiveEvents } from './use-plaza-live';

vi.mock('./api/list-plaza-muses', () => ({ listAllPlazaMuses: vi.fn() }));
vi.mock('./plaza-socket', () => ({ connectPlaza: vi.fn() }));

const listMock = vi.mocked(listAllPlazaMuses);
const connectMock = vi.mocked(connectPlaza);
const disconnect = vi.fn();

const english = aTranslation({ to: 'en', text: 'Good morning, my friend', state: 'skipped', engine: null });
const spanish = aTranslation({ to: 'es', text: 'Buenos días, mi amigo' });

beforeEach(() => {
  listMock.mockReset();
  connectMock.mockReset();
  disconnect.mockReset();
  connectMock.mockReturnValue(disconnect);
});

async function start(events: PlazaLiveEvents = {}) {
  const view = renderHook(() => usePlazaLive(PLAZA_ID, true, 'en:es', events));
  await waitFor(() => {
    expect(connectMock).toHaveBeenCalled();
  });
  const handlers = connectMock.mock.calls[0]?.[2] as PlazaSocketHandlers;
  return { ...view, handlers };
}

describe('usePlazaLive', () => {
  it('loads the history, then joins live after its last sequence', async () => {
    listMock.mockResolvedValue([aMuseDetail(1, [english, spanish]), aMuseDetail(2, [english, spanish])]);
    const { result, handlers } = await start();
    expect(result.current.muses.map((muse) => muse.seq)).toEqual([1, 2]);
    expect(result.current.loading).toBe(false);
    expect(handlers.lastSeq()).toBe(2);
  });

  it("merges each language's socket event into one muse, live", async () => {
    listMock.mockResolvedValue([]);
    const onTranslationReady = vi.fn();
    const { result, handlers } = await start({ onTranslationReady });

    act(() => {
      handlers.onMuse(aMuse(1, { translation: aTranslation({ to: 'es', state: 'pending', text: null }) }));
      handlers.onMuse(aMuse(1, { translation: english }));
    });
    expect(result.current.muses).toHaveLength(1);
    expect(result.current.muses[0]?.translations.es?.state).toBe('pending');
    expect(onTranslationReady).not.toHaveBeenCalled();

    act(() => {
      handlers.onMuse(aMuse(1, { translation: spanish }));
      // A replay after a reconnect brings the same version again: announced once only.
      handlers.onMuse(aMuse(1, { translation: spanish }));
    });
    expect(result.current.muses).toHaveLength(1);
    expect(result.current.muses[0]?.translations).toEqual({ en: english, es: spanish });
    expect(onTranslationReady).toHaveBeenCalledTimes(1);
    expect(onTranslationReady.mock.calls[0]?.[1]).toBe('es');
    expect(handlers.lastSeq()).toBe(1);
  });

  it('does not read the history aloud again', async () => {
    listMock.mockResolvedValue([aMuseDetail(1, [english, spanish])]);
    const onTranslationReady = vi.fn();
    const { handlers } = await start({ onTranslationReady });
    act(() => {
      handlers.onMuse(aMuse(1, { translation: spanish }));
    });
    expect(onTranslationReady).not.toHaveBeenCalled();
  });

  it('keeps the sent muse when its echo arrives, without a duplicate', async () => {
    listMock.mockResolvedValue([]);
    const { result, handlers } = await start();
    act(() => {
      result.current.addSent(aMuseDetail(1, [aTranslation({ to: 'es', state: 'pending', text: null })]));
      handlers.onMuse(aMuse(1, { translation: spanish }));
    });
    expect(result.current.muses).toHaveLength(1);
    expect(result.current.muses[0]?.translations.es?.text).toBe('Buenos días, mi amigo');
  });

  it('empties the list when the host clears it, and says when the plaza ends', async () => {
    listMock.mockResolvedValue([aMuseDetail(1, [english, spanish])]);
    const onCleared = vi.fn();
    const onEnded = vi.fn();
    const { result, handlers } = await start({ onCleared, onEnded });
    act(() => {
      handlers.onEnded('cleared');
    });
    expect(result.current.muses).toEqual([]);
    expect(onCleared).toHaveBeenCalledTimes(1);
    act(() => {
      handlers.onEnded('expired');
    });
    expect(onEnded).toHaveBeenCalledWith('expired');
  });

  it('tracks who is online from the join and presence events', async () => {
    listMock.mockResolvedValue([]);
    const onPresence = vi.fn();
    const { result, handlers } = await start({ onPresence });
    act(() => {
      handlers.onJoined(['host']);
      handlers.onPresence({ conversationId: PLAZA_ID, username: 'guest-2', online: true });
    });
    expect(result.current.online).toEqual(['host', 'guest-2']);
    expect(onPresence).toHaveBeenCalledTimes(1);
  });

  it("loads again in the plaza's new languages when a joiner or a swap changes them", async () => {
    const french = aTranslation({ to: 'fr', text: 'Bonjour, mon ami' });
    listMock.mockResolvedValueOnce([aMuseDetail(1, [english, spanish])]);
    listMock.mockResolvedValueOnce([aMuseDetail(1, [english, french])]);
    const view = renderHook(({ languages }) => usePlazaLive(PLAZA_ID, true, languages, {}), {
      initialProps: { languages: 'en:es' },
    });
    await waitFor(() => {
      expect(connectMock).toHaveBeenCalledTimes(1);
    });
    view.rerender({ languages: 'en:fr' });
    await waitFor(() => {
      expect(connectMock).toHaveBeenCalledTimes(2);
    });
    // The old socket left its rooms; the new one joins the rooms of the new languages.
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(view.result.current.muses).toHaveLength(1);
    expect(view.result.current.muses[0]?.translations.fr?.text).toBe('Bonjour, mon ami');
  });

  it('disconnects when the screen closes', async () => {
    listMock.mockResolvedValue([]);
    const { unmount } = await start();
    unmount();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });
});
