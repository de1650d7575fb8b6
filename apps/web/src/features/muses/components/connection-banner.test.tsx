import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { ConnectionSnapshot } from '../../../lib/realtime';
import { ConnectionBanner } from './connection-banner';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  vi.useRealTimers();
});

const banner = () => screen.getByRole('status').textContent;

describe("a chat's connection banner", () => {
  it('speaks up when the live connection stays down while the browser has a network, then says it is back', () => {
    vi.useFakeTimers();
    const connected: ConnectionSnapshot = { browserOnline: true, socket: 'connected' };
    const { rerender } = render(<ConnectionBanner connection={connected} />);
    rerender(<ConnectionBanner connection={{ browserOnline: true, socket: 'disconnected' }} />);
    // A quick reconnect (a new token, a restart) is not worth a banner.
    expect(banner()).toBe('');
    act(() => {
      vi.advanceTimersByTime(1600);
    });
    expect(banner()).toContain('You are offline.');
    rerender(<ConnectionBanner connection={connected} />);
    expect(banner()).toContain('Back online.');
  });

  it("leaves the browser being offline to the shell's notice, so it is not said twice", () => {
    vi.useFakeTimers();
    const { rerender } = render(<ConnectionBanner connection={{ browserOnline: false, socket: 'disconnected' }} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(banner()).toBe('');
    // The network is back and the socket reconnects within its grace: still nothing to say here.
    rerender(<ConnectionBanner connection={{ browserOnline: true, socket: 'disconnected' }} />);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    rerender(<ConnectionBanner connection={{ browserOnline: true, socket: 'connected' }} />);
    expect(banner()).toBe('');
  });
});
