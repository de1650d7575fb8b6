import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountEmail } from '@tolk/shared/schemas/auth';
import type { NotificationSettings } from '@tolk/shared/schemas/notifications';
import { get, HttpError, patch } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { Component as NotificationSettingsScreen } from './notification-settings-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  patch: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let settings: NotificationSettings;
let email: AccountEmail;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  settings = {
    topics: {
      muse: { push: true, email: true },
      connection: { push: true, email: false },
      trip: { push: true, email: true },
      order: { push: false, email: true },
      payment: { push: true, email: true },
      subscription: { push: false, email: true },
      report: { push: false, email: false },
      reference: { push: true, email: true },
    },
  };
  email = { email: 'kari@example.org', verified: true };
  vi.mocked(get).mockImplementation((url) => {
    if (url === '/notifications/settings') return Promise.resolve(structuredClone(settings));
    if (url === '/auth/email') return Promise.resolve(email);
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  // The server's answer: the change made, the rest kept.
  vi.mocked(patch).mockImplementation((_url, body) => {
    const { topics } = body as { topics: Partial<NotificationSettings['topics']> };
    for (const [topic, channels] of Object.entries(topics)) {
      Object.assign(settings.topics[topic as keyof NotificationSettings['topics']], channels);
    }
    return Promise.resolve(structuredClone(settings));
  });
  // A device without push support: its section says so and asks nothing of the server.
  vi.stubGlobal('isSecureContext', true);
  await chooseUiLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderAt = () =>
  renderRoutes(
    [
      { path: '/notifications/settings', element: <NotificationSettingsScreen /> },
      { path: '/profile/edit', element: <p>Edit profile</p> },
    ],
    '/notifications/settings',
  );

const aSwitch = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

describe('/notifications/settings', () => {
  it('shows each of the eight kinds with its push and email switch as the server has them', async () => {
    renderAt();
    await screen.findByRole('switch', { name: 'Muses Push notification' });
    const kinds = screen.getAllByRole('listitem');
    expect(kinds.map((kind) => within(kind).getAllByText(/./)[0]?.textContent)).toEqual([
      'Muses',
      'Connections',
      'Trips',
      'Orders',
      'Payments',
      'Subscription',
      'Reports',
      'References',
    ]);
    expect(
      within(kinds[1] as HTMLElement).getByText('Requests to connect with you, and answers to yours.'),
    ).toBeTruthy();
    for (const [topic, label] of [
      ['muse', 'Muses'],
      ['connection', 'Connections'],
      ['trip', 'Trips'],
      ['order', 'Orders'],
      ['payment', 'Payments'],
      ['subscription', 'Subscription'],
      ['report', 'Reports'],
      ['reference', 'References'],
    ] as const) {
      expect(aSwitch(`${label} Push notification`).checked).toBe(settings.topics[topic].push);
      expect(aSwitch(`${label} Email`).checked).toBe(settings.topics[topic].email);
    }
    expect(screen.getByText(/In the app you always see all of them/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add an email address' })).toBeNull();
  });

  it('saves only the channel flipped, at once', async () => {
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('switch', { name: 'Orders Push notification' }));
    expect(aSwitch('Orders Push notification').checked).toBe(true);
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith('/notifications/settings', { topics: { order: { push: true } } });

    await user.click(aSwitch('Muses Email'));
    expect(patch).toHaveBeenLastCalledWith('/notifications/settings', { topics: { muse: { email: false } } });
    await waitFor(() => {
      expect(aSwitch('Muses Email').checked).toBe(false);
    });
    expect(aSwitch('Orders Push notification').checked).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('puts a switch back and says why when its change is refused', async () => {
    let refuse!: (error: Error) => void;
    vi.mocked(patch).mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) => {
          refuse = reject;
        }),
    );
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('switch', { name: 'Trips Email' }));
    // Shown off while the server is asked...
    expect(aSwitch('Trips Email').checked).toBe(false);
    expect(patch).toHaveBeenCalledWith('/notifications/settings', { topics: { trip: { email: false } } });

    refuse(new HttpError(503, 'unavailable', 'The service is unavailable'));
    // ...and on again once it says no, with the reason in a toast.
    await waitFor(() => {
      expect(aSwitch('Trips Email').checked).toBe(true);
    });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(aSwitch('Trips Push notification').checked).toBe(true);
  });

  it('says that mail waits for an address, and keeps the email switches usable', async () => {
    email = { email: null, verified: false };
    const user = userEvent.setup();
    renderAt();
    expect(await screen.findByText(/You have not added an email address/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Add an email address' });
    expect(link.getAttribute('href')).toBe('/profile/edit');
    await user.click(aSwitch('Reports Email'));
    expect(patch).toHaveBeenCalledWith('/notifications/settings', { topics: { report: { email: true } } });
  });

  it('says that mail waits for the address to be verified', async () => {
    email = { email: 'kari@example.org', verified: false };
    renderAt();
    expect(await screen.findByText(/Your email address is not verified yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your email address on your profile' }).getAttribute('href')).toBe(
      '/profile/edit',
    );
  });
});
