/**
 * Runs `run` at most once per `intervalMs`: a request when the last run is older than that runs at
 * once; requests within the interval are folded into one run at its end.
 */
export function createThrottle(run: () => void, intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = now();
    run();
  };
  return {
    request(): void {
      if (timer) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
