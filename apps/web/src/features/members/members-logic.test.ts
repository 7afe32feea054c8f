import { describe, expect, it } from 'vitest';
import { organizationOptions, progressPercent } from './members-logic.ts';

describe('member list page logic', () => {
  it('indents each organisation under its parent', () => {
    const options = organizationOptions([
      { id: 1, name: 'A', children: [{ id: 2, name: 'B', children: [] }] },
    ] as never);
    expect(options).toEqual([
      { value: 1, label: 'A', title: 'A' },
      { value: 2, label: '\u3000B', title: 'B' },
    ]);
  });

  it('counts the progress in whole percent, never past 100', () => {
    expect(progressPercent(undefined)).toBe(0);
    expect(progressPercent({ processed: 500, total: 1200 })).toBe(41);
    expect(progressPercent({ processed: 0, total: 0 })).toBe(100);
    expect(progressPercent({ processed: 7, total: 5 })).toBe(100);
  });
});
