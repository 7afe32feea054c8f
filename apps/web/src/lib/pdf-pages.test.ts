import { describe, expect, it } from 'vitest';
import { outputScale } from './pdf-pages.ts';

describe('outputScale', () => {
  const sharp = { perDevicePixel: 2, max: 4 };

  it('is the device pixels times the sharpness, at most the maximum', () => {
    expect(outputScale(400, 560, sharp, 1)).toBe(2);
    expect(outputScale(400, 560, sharp, 3)).toBe(4);
  });

  it('keeps a canvas under 16 million pixels', () => {
    const scale = outputScale(1200, 1700, sharp, 3);
    expect(scale).toBeLessThan(4);
    expect(1200 * scale * 1700 * scale).toBeCloseTo(16_000_000, -2);
  });
});
