import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle.ts';

describe('createThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first request at once and folds a burst into one run per interval', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 10_000);
    throttle.request();
    expect(run).toHaveBeenCalledTimes(1);
    // A scan every second for 25 seconds: runs at 0 s, 10 s, 20 s and one after the last scan.
    for (let second = 1; second <= 25; second += 1) {
      vi.advanceTimersByTime(1000);
      throttle.request();
    }
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(4);
    // Quiet since: nothing more.
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('runs at once again after a quiet interval, and a cancelled run does not happen', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 10_000);
    throttle.request();
    vi.advanceTimersByTime(15_000);
    throttle.request();
    expect(run).toHaveBeenCalledTimes(2);
    throttle.request();
    throttle.cancel();
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
