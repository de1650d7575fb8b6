import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationsPage } from '@tolk/shared/schemas/notifications';
import { get, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { Component as NotificationsScreen } from './notifications-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  put: vi.fn(),
}));

const ANA = { id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', username: 'ana', displayName: 'Ana' };

function aNotification(overrides: Partial<Notification>): Notification {
  return {
    id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    topic: 'connection',
    event: 'requested',
    actor: ANA,
    data: {},
    count: 1,
    link: `/connect/${ANA.id}`,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

let pages: Record<string, NotificationsPage>;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  pages = {
    first: {
      unread: 2,
      nextCursor: 'c1',
      items: [
        aNotification({
          id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          topic: 'muse',
          event: 'new',
          count: 3,
          data: { title: 'Madrid walks', preview: 'See you at nine', seq: '7' },
          link: '/muses/c0ffee00-0000-4000-8000-000000000001',
        }),
        aNotification({}),
      ],
    },
    c1: {
      unread: 2,
      nextCursor: null,
      items: [
        aNotification({
          id: 'd4c3b2a1-0000-4000-8000-000000000002',
          topic: 'order',
          event: 'placed',
          data: { title: 'City walk' },
          link: '/order/d4c3b2a1-0000-4000-8000-000000000003',
          readAt: new Date().toISOString(),
        }),
      ],
    },
  };
  vi.mocked(get).mockImplementation((_url, config) => {
    const { cursor } = (config?.params ?? {}) as { cursor?: string };
    return Promise.resolve(pages[cursor ?? 'first']);
  });
  vi.mocked(put).mockResolvedValue(null);
  await chooseUiLanguage('en');
});

const renderAt = () =>
  renderRoutes(
    [
      { path: '/notifications', element: <NotificationsScreen /> },
      { path: '/muses/:id', element: <p>Thread</p> },
      { path: '/connect/:id', element: <p>Person</p> },
      { path: '/order/:id', element: <p>Order</p> },
    ],
    '/notifications',
  );

describe('/notifications', () => {
  it('says what happened in the reader’s words, newest first, a page at a time', async () => {
    const user = userEvent.setup();
    renderAt();
    const muse = await screen.findByRole('link', { name: /3 new muses in Madrid walks, the last from Ana/ });
    expect(muse.getAttribute('href')).toBe('/muses/c0ffee00-0000-4000-8000-000000000001');
    expect(within(muse).getByText('See you at nine')).toBeTruthy();
    expect(within(muse).getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ana asked to connect with you/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByRole('link', { name: /Ana ordered City walk/ })).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/notifications', expect.objectContaining({ params: { cursor: 'c1' } }));
  });

  it('marks one read when it is opened, and all at once', async () => {
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('link', { name: /Ana asked to connect/ }));
    expect(await screen.findByText('Person')).toBeTruthy();
    expect(put).toHaveBeenCalledWith(`/notifications/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/read`);
  });

  it('marks all read at once', async () => {
    const user = userEvent.setup();
    renderAt();
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    expect(await screen.findAllByText(/^Unread/)).toHaveLength(2);
    await user.click(markAll);
    await waitFor(() => {
      expect(put).toHaveBeenCalledWith('/notifications/read');
    });
    await waitFor(() => {
      expect(screen.queryAllByText(/^Unread/)).toHaveLength(0);
    });
  });

  it('leads to where each kind reaches me', async () => {
    renderAt();
    const settings = await screen.findByRole('link', { name: 'Notification settings' });
    expect(settings.getAttribute('href')).toBe('/notifications/settings');
  });

  it('says so when there is nothing', async () => {
    pages.first = { unread: 0, nextCursor: null, items: [] };
    renderAt();
    expect(await screen.findByText(/Nothing new/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });
});
