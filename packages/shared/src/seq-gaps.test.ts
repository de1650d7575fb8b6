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
    // The new hole (11) waits a grace of its own, then is asked for.
    vi.advanceTimersByTime(999);
    expect(onGap).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
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

  it('gives each hole its own grace: filling the first does not ask for the next at once', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    // 6 and 8 are missing; 9 arrived first, copies of the others are on their way.
    gaps.saw(7, 5);
    gaps.saw(9, 7);
    vi.advanceTimersByTime(900);
    // 6 comes late, inside its grace: the hole at 8 is now the first, and gets a full grace.
    gaps.saw(6, 9);
    vi.advanceTimersByTime(900);
    expect(onGap).not.toHaveBeenCalled();
    gaps.saw(8, 9);
    expect(gaps.open).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(onGap).not.toHaveBeenCalled();
  });

  it('asks for the next hole only once it has outlived its own grace', () => {
    const onGap = vi.fn();
    const gaps = watchSeqGaps(onGap, 1000);
    gaps.saw(7, 5);
    gaps.saw(9, 7);
    vi.advanceTimersByTime(500);
    gaps.saw(6, 9);
    vi.advanceTimersByTime(999);
    expect(onGap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onGap).toHaveBeenCalledExactlyOnceWith(7);
  });
});
