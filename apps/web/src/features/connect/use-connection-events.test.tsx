import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionEvent } from '@tolk/shared/realtime';
import { chooseUiLanguage, initI18n } from '../../lib/i18n';
import type * as RealtimeModule from '../../lib/realtime';
import { fakeSocket } from '../../lib/test-socket';
import { LoginResponseProvider } from '../../lib/session';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { useConnectionEvents } from './use-connection-events';

/** The member socket, as useRealtime gives it to the hook. */
const socket = fakeSocket();

vi.mock('../../lib/realtime', async (original) => ({
  ...(await original<typeof RealtimeModule>()),
  useRealtime: () => ({ socket, connection: { browserOnline: true, socket: 'connected' } }),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const KENJI = { id: '5d6e0b7f-1c9e-4c1e-9f61-3f1c2b4a1d2a', username: 'kenji', displayName: 'Kenji' };
const event = (kind: ConnectionEvent['kind'], person = KENJI): ConnectionEvent => ({
  connectionId: '0b7f1c9e-1d2a-4c1e-9f61-3f1c2b4a5d6e',
  kind,
  person,
});

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  socket.reset();
  safeStorage.set(STORAGE_KEYS.loginResponse, JSON.stringify({ username: 'anna', tenant: 't', isloggedin: true }));
  await chooseUiLanguage('en');
});

function start() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <LoginResponseProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useConnectionEvents();
    },
    { wrapper },
  );
  return { ...view, invalidate };
}

describe('useConnectionEvents', () => {
  it('refreshes connect and says so when someone asks to connect', () => {
    const { invalidate } = start();
    act(() => {
      socket.deliver('connection', event('requested'));
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['connect'] });
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.info).mock.calls[0]?.[0]).toBe('Kenji wants to connect');
  });

  it('says when my request is accepted, but not to the one who accepted', () => {
    const { invalidate } = start();
    act(() => {
      socket.deliver('connection', event('accepted'));
      socket.deliver('connection', event('accepted', { ...KENJI, username: 'anna', displayName: 'Anna' }));
    });
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe('Kenji accepted your request');
  });

  it('refreshes quietly when a request or connection ends, and ignores what is not an event', () => {
    const { invalidate } = start();
    act(() => {
      socket.deliver('connection', event('ended'));
      socket.deliver('connection', { kind: 'requested' });
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('refreshes after a reconnection, not on the first connection', () => {
    const { invalidate } = start();
    act(() => {
      socket.deliver('connect', undefined);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      socket.deliver('connect', undefined);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['connect'] });
  });

  it('stops listening when unmounted', () => {
    const { unmount } = start();
    unmount();
    expect(socket.listeners.get('connection')?.size ?? 0).toBe(0);
    expect(socket.listeners.get('connect')?.size ?? 0).toBe(0);
  });
});
