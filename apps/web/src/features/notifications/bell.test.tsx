import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import { chooseUiLanguage, initI18n } from '../../lib/i18n';
import type * as RealtimeModule from '../../lib/realtime';
import { renderRoutes } from '../../lib/test-render';
import { fakeSocket } from '../../lib/test-socket';
import NotificationBell from './bell';

const socket = fakeSocket();

vi.mock('../../lib/realtime', async (original) => ({
  ...(await original<typeof RealtimeModule>()),
  useRealtime: () => ({ socket, connection: { browserOnline: true, socket: 'connected' } }),
}));
vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
}));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  socket.reset();
  vi.mocked(get).mockResolvedValue({ unread: 2 });
  await chooseUiLanguage('en');
});

describe('the bell', () => {
  it('opens my notifications with the unread count, and counts up live', async () => {
    renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    expect(get).toHaveBeenCalledWith('/notifications/unread', expect.anything());

    act(() => {
      socket.deliver('notifications', { unread: 3 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy();
    act(() => {
      socket.deliver('notifications', { unread: 0 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-count')).toBeNull();
    // A payload that is not the event's shape changes nothing.
    act(() => {
      socket.deliver('notifications', { unread: 'many' });
    });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows 99+ past 99', async () => {
    vi.mocked(get).mockResolvedValue({ unread: 150 });
    renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    await screen.findByRole('link', { name: 'Notifications, 150 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('99+');
  });
});
