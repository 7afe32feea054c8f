import type { PurgeDeps } from './privacy-purge.ts';

/**
 * After an erasure has committed: the WAL is marked as holding erased values and one truncation
 * runs in the background (single-flight: erasures meanwhile join it). Never awaited by a request
 * or by the runner's pass: a reader holding an older snapshot makes it retry for ~6 s. One that
 * cannot finish is reported and tried again on each retention pass: the erased values stay in the
 * -wal file until then.
 */
export function createEraseAtRest(deps: Pick<PurgeDeps, 'truncateWal' | 'log'>) {
  let walToTruncate = false;
  let truncating: Promise<void> | undefined;
  let closed = false;
  function eraseAtRest(): void {
    walToTruncate = true;
    truncating ??= truncateInBackground().finally(() => {
      truncating = undefined;
    });
  }

  async function truncateInBackground(): Promise<void> {
    // Starts after the caller's answer is on its way; erasures until then share this truncation.
    await new Promise((resolve) => setImmediate(resolve));
    while (walToTruncate && !closed) {
      walToTruncate = false;
      if (!(await truncateOnce())) {
        walToTruncate = true; // the next retention pass starts it again
        return;
      }
    }
  }

  /** One truncation with its retries; false (reported) when a reader held it back or it failed. */
  async function truncateOnce(): Promise<boolean> {
    try {
      const { done, tries } = await deps.truncateWal(() => closed);
      if (!done && !closed)
        deps.log.warn(
          { tries },
          'Erased personal data is still in the SQLite WAL: a reader held it back; tried again each minute',
        );
      return done;
    } catch (err) {
      deps.log.warn(
        { err },
        'The SQLite WAL could not be truncated after an erasure; tried again each minute',
      );
      return false;
    }
  }

  return {
    eraseAtRest,
    /** Each retention pass: a truncation that could not finish starts again (not awaited). */
    retry(): void {
      if (walToTruncate) eraseAtRest();
    },
    /** At close: the truncation in flight stops retrying and is awaited (the database closes next). */
    async close(): Promise<void> {
      closed = true;
      await truncating;
    },
  };
}
