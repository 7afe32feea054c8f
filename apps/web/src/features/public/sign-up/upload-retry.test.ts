import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE, PublicApiError } from '../public-api.ts';
import { isRetryable, withRetries } from './upload-retry.ts';

const offline = () => new PublicApiError('', NETWORK_FAILURE, 0, null);
const refused = () => new PublicApiError('This file type is not allowed', 41510, 415, null);

describe('uploads tried again', () => {
  it('tries again after growing pauses while the connection fails, then answers', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    let calls = 0;
    const answer = await withRetries(
      async () => {
        calls += 1;
        if (calls < 3) throw offline();
        return 'stored';
      },
      { delays: [1000, 3000], wait: async (ms) => void waits.push(ms), onAttempt: (n) => attempts.push(n) },
    );
    expect(answer).toBe('stored');
    expect(waits).toEqual([1000, 3000]);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after the last pause, and never retries a refusal', async () => {
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls += 1;
        throw offline();
      },
      { delays: [1, 2], wait: async () => undefined },
    );
    await expect(failing).rejects.toMatchObject({ code: NETWORK_FAILURE });
    expect(calls).toBe(3);
    calls = 0;
    const refusal = withRetries(
      async () => {
        calls += 1;
        throw refused();
      },
      { wait: async () => undefined },
    );
    await expect(refusal).rejects.toMatchObject({ status: 415 });
    expect(calls).toBe(1);
  });

  it('counts transport failures and server troubles as worth retrying, refusals and bugs not', () => {
    expect(isRetryable(offline())).toBe(true);
    expect(isRetryable(new PublicApiError('', 50000, 503, null))).toBe(true);
    expect(isRetryable(refused())).toBe(false);
    expect(isRetryable(new PublicApiError('', 42900, 429, null))).toBe(false);
    expect(isRetryable(new TypeError('bug'))).toBe(false);
  });
});
