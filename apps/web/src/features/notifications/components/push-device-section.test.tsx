import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { del, get, HttpError, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { applicationServerKeyOf } from '../api/push-device';
import { PushDeviceSection } from './push-device-section';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  put: vi.fn(),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** The server's VAPID public key: 65 bytes, base64url as the server gives it. */
const SERVER_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256)).toString('base64url');
const OTHER_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i * 11 + 9) % 256)).toString('base64url');
const DEVICE_KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

let publicKey: string | null;
/** The browser's one subscription for the app's service worker. */
const device: { subscription: ReturnType<typeof aSubscription> | null } = { subscription: null };

/** A browser's push subscription, as `PushManager.subscribe` makes it; unsubscribed, the browser has none. */
function aSubscription(endpoint: string, key: string) {
  const subscription = {
    endpoint,
    options: { applicationServerKey: applicationServerKeyOf(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: DEVICE_KEYS }),
    unsubscribe: vi.fn(() => {
      if (device.subscription === subscription) device.subscription = null;
      return Promise.resolve(true);
    }),
  };
  return subscription;
}
type FakeSubscription = ReturnType<typeof aSubscription>;

/** A secure page in a browser with push: its permission, its service worker and its one subscription. */
function aPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscription = null,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
} = {}) {
  device.subscription = subscription;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(device.subscription)),
    subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
      const key = Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url');
      device.subscription = aSubscription('https://push.example.net/send/new-device', key);
      return Promise.resolve(device.subscription);
    }),
  };
  const registration = { pushManager };
  const Notification = {
    permission,
    requestPermission: vi.fn(() => {
      Notification.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', Notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(() => Promise.resolve(registration)), ready: Promise.resolve(registration) },
  });
  return { pushManager, Notification };
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  publicKey = SERVER_KEY;
  vi.mocked(get).mockImplementation((url) =>
    url === '/push/key' ? Promise.resolve({ publicKey }) : Promise.reject(new Error(`unexpected GET ${url}`)),
  );
  vi.mocked(put).mockResolvedValue(null);
  vi.mocked(del).mockResolvedValue(null);
  await chooseUiLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PushDeviceSection />
    </QueryClientProvider>,
  );

describe('push on this device', () => {
  it('explains that plain HTTP cannot take pushes, without asking anyone', () => {
    vi.stubGlobal('isSecureContext', false);
    renderIt();
    expect(
      screen.getByText(
        'Push notifications need a secure connection (HTTPS or localhost). This address uses plain HTTP, so this device cannot receive them; you still see them in the app and by email.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('says so when the browser has no push', () => {
    vi.stubGlobal('isSecureContext', true);
    renderIt();
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it('says so when the server cannot push', async () => {
    aPushBrowser();
    publicKey = null;
    renderIt();
    expect(await screen.findByText(/This Tolk server is not set up to send push notifications/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says how to allow notifications the browser blocks', async () => {
    aPushBrowser({ permission: 'denied' });
    renderIt();
    expect(await screen.findByText(/open the site settings/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns push on: permission, a subscription with the server’s key, and the server told of it', async () => {
    const browser = aPushBrowser();
    const user = userEvent.setup();
    renderIt();
    expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...(options?.applicationServerKey as Uint8Array)]).toEqual([...Buffer.from(SERVER_KEY, 'base64url')]);
    expect(put).toHaveBeenCalledWith('/push/subscriptions', {
      endpoint: 'https://push.example.net/send/new-device',
      keys: DEVICE_KEYS,
    });
    expect(screen.getByRole('button', { name: 'Turn off for this device' })).toBeTruthy();
  });

  it('drops a subscription made with another key before subscribing with the server’s', async () => {
    const old = aSubscription('https://push.example.net/send/old-key', OTHER_KEY);
    const browser = aPushBrowser({ permission: 'granted', subscription: old });
    const user = userEvent.setup();
    renderIt();
    // Made with another key it reaches nothing: off, and not sent to the server.
    const turnOn = await screen.findByRole('button', { name: 'Turn on for this device' });
    expect(put).not.toHaveBeenCalled();
    await user.click(turnOn);
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith(
      '/push/subscriptions',
      expect.objectContaining({ endpoint: expect.stringMatching(/new-device$/) }),
    );
  });

  it('leaves push off, and says so, when the permission is not given', async () => {
    const browser = aPushBrowser({ answer: 'default' });
    const user = userEvent.setup();
    renderIt();
    await user.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    await waitFor(() => {
      expect(toast.info).toHaveBeenCalledTimes(1);
    });
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    expect(screen.getByText('Push notifications are off for this device.')).toBeTruthy();
  });

  it('drops the new subscription again when the server refuses it', async () => {
    aPushBrowser();
    vi.mocked(put).mockRejectedValueOnce(new HttpError(503, 'unavailable', 'The service is unavailable'));
    const user = userEvent.setup();
    renderIt();
    await user.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledTimes(1);
    });
    // Subscribed, told the server, refused: the browser has no subscription left, and the screen says off.
    expect(put).toHaveBeenCalledTimes(1);
    expect(device.subscription).toBeNull();
    expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on for this device' })).toBeTruthy();
  });

  it('sends a subscription the browser has to the server again, and turns it off', async () => {
    const mine = aSubscription('https://push.example.net/send/this-device', SERVER_KEY);
    aPushBrowser({ permission: 'granted', subscription: mine });
    const user = userEvent.setup();
    renderIt();
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/push/subscriptions', {
      endpoint: 'https://push.example.net/send/this-device',
      keys: DEVICE_KEYS,
    });

    await user.click(screen.getByRole('button', { name: 'Turn off for this device' }));
    expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy();
    expect(del).toHaveBeenCalledWith('/push/subscriptions', {
      params: { endpoint: 'https://push.example.net/send/this-device' },
    });
    expect(mine.unsubscribe).toHaveBeenCalledTimes(1);
    expect(device.subscription).toBeNull();
  });
});
