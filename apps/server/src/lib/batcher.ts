/**
 * Work that waits for its kind's batch and then runs together: one batch in flight per key, the next
 * made of everything that arrived meanwhile (at most `maxSize`, in arrival order). A lone arrival runs
 * at once, so nothing waits unless there is something to wait for. `run` answers one result per item,
 * in order; when it throws, every item of that batch is rejected with the error.
 */
export function createBatcher<K, T, R>(run: (key: K, items: T[]) => Promise<R[]>, maxSize: number) {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<K, Waiting[]>();

  async function drain(key: K, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxSize);
      try {
        const results = await run(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key: K, item: T): Promise<R> {
      let queue = queues.get(key);
      const idle = !queue;
      if (!queue) queues.set(key, (queue = []));
      const waiting = queue;
      const result = new Promise<R>((resolve, reject) => waiting.push({ item, resolve, reject }));
      if (idle) void drain(key, waiting);
      return result;
    },
  };
}
