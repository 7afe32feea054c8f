import { describe, expect, it } from 'vitest';
import { DISPLAY_CONFIG_DEFAULTS } from '@meetflow/shared/display-text';
import { focusColorOn, readableTextOn } from './display.ts';

/*
 * A meeting without a display set-up shows the default theme (issue 39): its pairs of text and
 * background must meet WCAG AA (4.5:1 for text, 3:1 for the focus ring), with white button text as
 * on every configured meeting. The ratio is computed here from the WCAG 2.2 formula, not with the
 * app's own helpers.
 */

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The white card the forms sit on and the page around it (public-page.css, app/global.css). */
const CARD = '#ffffff';
const PAGE = '#f5f5f5';

describe('the default theme of a meeting without a display set-up', () => {
  const theme = DISPLAY_CONFIG_DEFAULTS.theme_color;

  it('puts white text on its buttons at 4.5:1 or more', () => {
    const onButton = readableTextOn(theme);
    expect(onButton).toBe('#ffffff');
    expect(contrastRatio(onButton, theme)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['hint text', DISPLAY_CONFIG_DEFAULTS.hint_text_color],
    ['schedule text', DISPLAY_CONFIG_DEFAULTS.schedule_text_color],
    ['the theme colour (borders, checked choices: held to the text ratio)', theme],
  ])('reads %s at 4.5:1 on the card and on the page', (_name, colour) => {
    expect(contrastRatio(colour, CARD)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour, PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the theme colour itself as the focus ring (3:1 on the page)', () => {
    expect(focusColorOn(theme)).toBe(theme);
    expect(contrastRatio(theme, PAGE)).toBeGreaterThanOrEqual(3);
  });
});
