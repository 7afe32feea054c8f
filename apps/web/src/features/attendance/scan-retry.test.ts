import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '../../lib/http-errors.ts';
import { newScanNonce, sendOnceMore } from './scan-retry.ts';

describe('scan retry', () => {
  it('sends once more with the same nonce after a network failure', async () => {
    const send = vi
      .fn<(nonce: string) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('offline', NETWORK_ERROR, undefined, null))
      .mockResolvedValueOnce('ok');
    await expect(sendOnceMore(send, 'n-1', 0)).resolves.toBe('ok');
    expect(send.mock.calls).toEqual([['n-1'], ['n-1']]);
  });

  it('retries a timeout but only once', async () => {
    const timeout = new ApiError('slow', TIMEOUT_ERROR, undefined, null);
    const send = vi.fn<(nonce: string) => Promise<string>>().mockRejectedValue(timeout);
    await expect(sendOnceMore(send, 'n-2', 0)).rejects.toBe(timeout);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not retry an answer from the server', async () => {
    const refused = new ApiError('refused', 40401, 404, null);
    const send = vi.fn<(nonce: string) => Promise<string>>().mockRejectedValue(refused);
    await expect(sendOnceMore(send, 'n-3', 0)).rejects.toBe(refused);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('makes a different UUID-shaped nonce each time', () => {
    const a = newScanNonce();
    const b = newScanNonce();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
