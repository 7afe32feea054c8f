import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared';
import { createTestContext, TEST_DB } from './helpers.ts';

describe(`graceful shutdown (${TEST_DB})`, () => {
  it('lets in-flight requests finish and answers new ones with 503', async () => {
    const ctx = await createTestContext();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      ctx.app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
        return { code: 0, message: 'ok', data: 'finished' };
      });
    });
    const inflight = ctx.app.inject({ method: 'GET', url: '/api/test/slow' });
    await started;

    ctx.app.startDraining(); // what a SIGTERM does first
    const during = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      code: ERRORS.SERVICE_UNAVAILABLE.code,
      message: 'The service is restarting, please try again shortly',
      data: null,
    });

    release();
    const finished = await inflight;
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data).toBe('finished');
    await ctx.close();
  });
});
