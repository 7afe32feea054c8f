/**
 * Whether `promise` fulfils within `ms`: false when it rejects or is still pending then (it is left
 * to settle on its own). For waits on a dependency that may be away, which must not hold a request.
 */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
