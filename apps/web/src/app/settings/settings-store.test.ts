import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The store reads the browser's saved settings once, when its module loads. */
async function freshStore() {
  vi.resetModules();
  return (await import('./settings-store.ts')).useSettingsStore;
}

describe('layout settings', () => {
  beforeEach(() => localStorage.clear());

  it('start without the user-name watermark in a browser that saved nothing', async () => {
    expect((await freshStore()).getState().watermark).toBe(false);
  });

  it('keep the watermark of a user who turned it on', async () => {
    (await freshStore()).getState().update({ watermark: true });
    expect((await freshStore()).getState().watermark).toBe(true);
  });
});
