import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { isBrowserOnline } from '../lib/network-status';
import { lazyPart, PartBoundary } from './lazy-part';

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

/** A part whose chunk fails to arrive the first `failures` times it is asked for. */
function flakyPart(failures: number) {
  const load = vi.fn(() => {
    if (load.mock.calls.length <= failures)
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    return Promise.resolve({ default: ({ name }: { name: string }) => <button type="button">Sign out {name}</button> });
  });
  return { Part: lazyPart(load), load };
}

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <h1>The thread</h1>
      {children}
      <textarea aria-label="Write" />
    </div>
  );
}

describe('a lazy part that fails to load', () => {
  it('leaves a retry in its place only, and selecting it loads the part', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Part, load } = flakyPart(1);
    render(
      <Screen>
        <PartBoundary parts={[Part]} loading={<span>loading</span>}>
          <Part name="Anna" />
        </PartBoundary>
      </Screen>,
    );
    const retry = await screen.findByRole('button', { name: 'Could not load – try again' });
    expect(screen.getByRole('heading', { name: 'The thread' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Write' })).toBeTruthy();

    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Sign out Anna' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Could not load – try again' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again by itself when the browser is back online, also a quiet part that shows nothing meanwhile', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Part, load } = flakyPart(1);
    network('offline');
    render(
      <Screen>
        <PartBoundary parts={[Part]} quiet>
          <Part name="Ola" />
        </PartBoundary>
      </Screen>,
    );
    // The boundary has caught the failure (it says so in the console).
    await vi.waitFor(() => {
      expect(logged).toHaveBeenCalled();
    });
    expect(load).toHaveBeenCalledTimes(1);
    // Quiet: nothing in its place, the screen whole.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'The thread' })).toBeTruthy();

    network('online');
    expect(await screen.findByRole('button', { name: 'Sign out Ola' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("says a part's own sentence before the retry when it has one", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Part } = flakyPart(1);
    render(
      <PartBoundary parts={[Part]} message="The map could not be loaded.">
        <Part name="Map" />
      </PartBoundary>,
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('The map could not be loaded.');
    expect(screen.getByRole('button', { name: 'Could not load – try again' })).toBeTruthy();
  });

  it('keeps a part that loaded: a later render does not ask again', async () => {
    const { Part, load } = flakyPart(0);
    const { unmount } = render(
      <PartBoundary parts={[Part]}>
        <Part name="Kari" />
      </PartBoundary>,
    );
    await screen.findByRole('button', { name: 'Sign out Kari' });
    unmount();
    Part.retry();
    render(
      <PartBoundary parts={[Part]}>
        <Part name="Kari" />
      </PartBoundary>,
    );
    await screen.findByRole('button', { name: 'Sign out Kari' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
