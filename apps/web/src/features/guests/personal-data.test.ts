import { describe, expect, it } from 'vitest';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { personalDataFileName, personalDataJson } from './personal-data.ts';

describe("a guest's own data as a file", () => {
  it("is named after the guest's record and the day it was made", () => {
    const name = personalDataFileName(42, { generated_at: Date.UTC(2026, 10, 25, 10) });
    expect(name).toMatch(/^personal-data-guest-42-2026-11-2[456]\.json$/);
  });

  it('is indented JSON ending with a new line, read back as it was', () => {
    const data = { generated_at: 1, guest: { name: '陳大文' } } as unknown as GuestPersonalData;
    const text = personalDataJson(data);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "guest": {\n    "name": "陳大文"');
    expect(JSON.parse(text)).toEqual(data);
  });
});
