import { NETWORK_FAILURE, PublicApiError } from '../public-api.ts';

/**
 * A phone's upload fails now and then (a train, a lift, a weak venue Wi-Fi): the transport failures
 * and the server's own troubles are tried again after a growing pause; a refusal (wrong type, too
 * large, too many uploads) is final and shown at once.
 */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 3000] as const;

export function isRetryable(error: unknown): boolean {
  if (!(error instanceof PublicApiError)) return false;
  return error.code === NETWORK_FAILURE || error.status >= 500;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `send`, tried once and then once after each delay while it fails in a way worth retrying. */
export async function withRetries<T>(
  send: () => Promise<T>,
  options: {
    delays?: readonly number[];
    wait?: (ms: number) => Promise<void>;
    /** Told the number of each try (1, 2, …) as it starts. */
    onAttempt?: (attempt: number) => void;
  } = {},
): Promise<T> {
  const delays = options.delays ?? UPLOAD_RETRY_DELAYS_MS;
  const wait = options.wait ?? pause;
  for (let attempt = 1; ; attempt++) {
    options.onAttempt?.(attempt);
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt - 1];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}
