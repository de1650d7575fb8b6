import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSeqGaps } from './seq-gaps';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watching a live stream for missing muses', () => {
  it('asks for what follows the last muse held before the first one still missing', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(5, 4);
    gaps.saw(9, 5);
    gaps.saw(6, 9);
    vi.advanceTimersByTime(999);
    expect(onGap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onGap).toHaveBeenCalledExactlyOnceWith(6);
  });

  it('closes a hole the catch-up answered without filling (a muse not for this reader), and asks no more', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(7, 5);
    vi.advanceTimersByTime(1000);
    expect(onGap).toHaveBeenCalledExactlyOnceWith(5);
    // The replay after 5 was complete through 7: seq 6 was left out on purpose.
    gaps.heldThrough(7);
    expect(gaps.open).toBe(false);
    vi.advanceTimersByTime(600_000);
    expect(onGap).toHaveBeenCalledTimes(1);
  });

  it('keeps a hole open past what a replay covered', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(9, 5);
    gaps.heldThrough(6);
    expect(gaps.open).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(onGap).toHaveBeenCalledExactlyOnceWith(6);
  });

  it('lets muses that overtook each other fill the hole in time, and asks nothing', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(7, 5);
    gaps.saw(6, 7);
    vi.advanceTimersByTime(60_000);
    expect(onGap).not.toHaveBeenCalled();
    expect(gaps.open).toBe(false);
  });

  it('asks again, less often, until the catch-up came, then the next hole on its own', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(10, 7);
    vi.advanceTimersByTime(1000);
    expect(onGap).toHaveBeenLastCalledWith(7);
    // The catch-up was asked on a connection that dropped: nothing came.
    vi.advanceTimersByTime(1999);
    expect(onGap).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onGap).toHaveBeenCalledTimes(2);
    // This time 8 came, and 11 went missing after 12 arrived.
    gaps.saw(8, 12);
    gaps.saw(9, 12);
    gaps.saw(12, 10);
    vi.advanceTimersByTime(4000);
    expect(onGap).toHaveBeenLastCalledWith(10);
    gaps.saw(11, 12);
    vi.advanceTimersByTime(2000);
    expect(onGap).toHaveBeenCalledTimes(3);
    expect(gaps.open).toBe(false);
  });

  it('gives a hole up after some asks, and forgets everything when stopped', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(3, 1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onGap).toHaveBeenCalledTimes(6);
    expect(gaps.open).toBe(false);
    gaps.saw(10, 8);
    gaps.stop();
    vi.advanceTimersByTime(60_000);
    expect(onGap).toHaveBeenCalledTimes(6);
  });
});
