import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { isBrowserOnline } from '../../lib/network-status';
import { OfflineNotice } from './offline-notice';

beforeAll(async () => {
  await initI18n();
});

const network = (state: 'online' | 'offline') => {
  act(() => {
    window.dispatchEvent(new Event(state));
  });
};

afterEach(() => {
  if (!isBrowserOnline()) window.dispatchEvent(new Event('online'));
  vi.useRealTimers();
});

describe('the offline notice on every screen', () => {
  it('says nothing while the browser is online, also when the page opens', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the app is offline while the browser is, then back online for a few seconds', () => {
    vi.useFakeTimers();
    render(<OfflineNotice />);
    network('offline');
    expect(screen.getByRole('status').textContent).toContain('You are offline.');

    network('online');
    expect(screen.getByRole('status').textContent).toContain('Back online.');
    expect(screen.getByRole('status').textContent).not.toContain('You are offline.');
    act(() => {
      vi.advanceTimersByTime(4500);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a page opened offline as offline at once', () => {
    network('offline');
    render(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toContain('You are offline.');
  });
});
