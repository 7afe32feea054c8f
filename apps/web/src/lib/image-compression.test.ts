import { describe, expect, it } from 'vitest';
import { compressionPlan, KB, MB } from './image-compression.ts';

describe('compressionPlan (spec §5 image compression)', () => {
  it.each([
    [0, { compress: false }],
    [299 * KB, { compress: false }],
    [300 * KB - 1, { compress: false }],
    [300 * KB, { compress: true, quality: 0.85 }],
    [300 * KB + 1, { compress: true, quality: 0.85 }],
    [1 * MB - 1, { compress: true, quality: 0.85 }],
    [1 * MB, { compress: true, maxSide: 1600, quality: 0.52 }],
    [1 * MB + 1, { compress: true, maxSide: 1600, quality: 0.52 }],
    [5 * MB - 1, { compress: true, maxSide: 1600, quality: 0.52 }],
    [5 * MB, { compress: true, maxSide: 1600, quality: 0.52 }],
    [5 * MB + 1, { compress: true, maxSide: 1600, quality: 0.92 }],
    [10 * MB - 1, { compress: true, maxSide: 1600, quality: 0.92 }],
    [10 * MB, { compress: true, maxSide: 1600, quality: 0.92 }],
    [10 * MB + 1, { compress: true, maxSide: 1400, quality: 0.92 }],
    [20 * MB - 1, { compress: true, maxSide: 1400, quality: 0.92 }],
    [20 * MB, { compress: true, maxSide: 1400, quality: 0.92 }],
    [20 * MB + 1, { compress: false, refuse: true }],
    [100 * MB, { compress: false, refuse: true }],
  ])('plans %i bytes as %j', (size, plan) => {
    expect(compressionPlan(size)).toEqual(plan);
  });
});
