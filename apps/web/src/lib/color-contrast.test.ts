import { describe, expect, it } from 'vitest';
import { accessibleThemeColor, colorWithContrast, contrast, luminance } from './color-contrast.ts';

const ratio = (a: string, b: string) => contrast(luminance(a)!, luminance(b)!);

describe('colour contrast', () => {
  it('takes every theme preset to 4.5:1 for text on white and white text on it', () => {
    // The settings drawer's presets.
    for (const preset of [
      '#1677ff',
      '#409eff',
      '#13c2c2',
      '#52c41a',
      '#722ed1',
      '#eb2f96',
      '#fa541c',
      '#2f54eb',
    ]) {
      const colour = accessibleThemeColor(preset, false);
      expect(ratio(colour, '#ffffff'), preset).toBeGreaterThanOrEqual(5);
      // The pale tint behind a selected menu item.
      expect(ratio(colour, '#e6f4ff'), preset).toBeGreaterThanOrEqual(4.5);
    }
    // Ant Design's default blue gives 4.1:1 and is darkened; one that passes is kept as it is.
    expect(accessibleThemeColor('#1677ff', false)).not.toBe('#1677ff');
    expect(accessibleThemeColor('#0958d9', false)).toBe('#0958d9');
  });

  it('lightens on the dark theme and reads anything else as the default', () => {
    expect(ratio(accessibleThemeColor('#2f54eb', true), '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(colorWithContrast('not a colour', '#ffffff', 3, '#1677ff')).toBe('#1677ff');
  });
});
