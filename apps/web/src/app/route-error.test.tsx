import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { isBrowserOnline } from '../lib/network-status';
import { renderRoutes } from '../lib/test-render';
import { recoverable, RouteError } from './route-error';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  if (!isBrowserOnline()) window.dispatchEvent(new Event('online'));
  vi.restoreAllMocks();
});

const network = (state: 'online' | 'offline') => {
  act(() => {
    window.dispatchEvent(new Event(state));
  });
};

/** The app shell's stand-in: a header that must stay whatever happens to the screen. */
const shell = (children: RouteObject[]): RouteObject[] => [
  {
    element: (
      <>
        <header>The header</header>
        <main>
          <Outlet />
        </main>
      </>
    ),
    children: [{ errorElement: <RouteError />, children }],
  },
];

const failedHeading = { name: 'This screen could not be loaded.' };

describe('a screen whose code does not arrive', () => {
  it('says so inside the shell and comes by itself once the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() =>
      load.mock.calls.length === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ Component: () => <h1>Connect</h1> }),
    );
    network('offline');
    renderRoutes(shell([{ path: 'connect', lazy: recoverable(load) }]), '/connect');
    expect(await screen.findByRole('heading', failedHeading)).toBeTruthy();
    expect(screen.getByText('The header')).toBeTruthy();

    network('online');
    // The retry navigates again and loads the screen's code: on a loaded machine that takes a while.
    expect(await screen.findByRole('heading', { name: 'Connect' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', failedHeading)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    // Longer than the wait above: the test's default 5 s ended it first on a loaded machine (CI).
  }, 15_000);

  it('loads again on Retry, and stays loaded for later visits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const load = vi.fn(() =>
      fail ? Promise.reject(new Error('deploy')) : Promise.resolve({ Component: () => <h1>Trips</h1> }),
    );
    const router = renderRoutes(
      shell([
        { path: 'trips', lazy: recoverable(load) },
        { path: 'home', element: <h1>Home</h1> },
      ]),
      '/trips',
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', failedHeading)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Trips' })).toBeTruthy();

    await act(() => router.navigate('/home'));
    await act(() => router.navigate('/trips'));
    expect(await screen.findByRole('heading', { name: 'Trips' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('a screen that threw', () => {
  it('shows the error inside the shell; Retry runs the route again and shows the screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failed');
      return <h1>Thread</h1>;
    }
    renderRoutes(shell([{ path: 'muses/1', element: <Flaky /> }]), '/muses/1');
    expect(await screen.findByRole('heading', failedHeading)).toBeTruthy();
    expect(screen.getByText('The header')).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thread' })).toBeTruthy();
  });

  it('runs the route again by itself once the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failed');
      return <h1>Thread</h1>;
    }
    network('offline');
    renderRoutes(shell([{ path: 'muses/2', element: <Flaky /> }]), '/muses/2');
    expect(await screen.findByRole('heading', failedHeading)).toBeTruthy();
    broken = false;
    network('online');
    expect(await screen.findByRole('heading', { name: 'Thread' })).toBeTruthy();
  });
});
