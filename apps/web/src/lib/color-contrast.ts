/**
 * WCAG colour contrast: what the public pages' focus ring and the back office's theme colour use so
 * that any colour an organiser picks stays readable (1.4.3 text 4.5:1, 1.4.11 focus rings 3:1).
 */

/** WCAG relative luminance of '#rrggbb', or null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const v = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((v >> 16) & 255) + 0.7152 * channel((v >> 8) & 255) + 0.0722 * channel(v & 255);
}

/** WCAG contrast ratio of two luminances (1 to 21). */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * `colour` when it has `ratio` against `background`, else `colour` mixed step by step towards black
 * (on a light background) or white (on a dark one) until it has: the hue stays, only lightness moves.
 * Anything that is not '#rrggbb' is read as `fallback`.
 */
export function colorWithContrast(
  colour: string,
  background: string,
  ratio: number,
  fallback: string,
): string {
  const base = luminance(colour) === null ? fallback : colour.trim().toLowerCase();
  const back = luminance(background) ?? 1;
  const target = back > 0.5 ? 0 : 255;
  const rgb = [1, 3, 5].map((i) => parseInt(base.slice(i, i + 2), 16));
  for (let step = 0; step <= 20; step++) {
    const mixed = rgb.map((c) => Math.round(c + ((target - c) * step) / 20));
    const hex = `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    if (contrast(luminance(hex)!, back) >= ratio) return hex;
  }
  return target === 0 ? '#000000' : '#ffffff';
}

/**
 * The back office's working theme colour: the chosen one, darkened (or lightened on the dark theme)
 * until text in it, and white text on it, reach 4.5:1. 5.1:1 against the page leaves 4.5:1 against
 * the light tint Ant Design puts behind a selected menu item.
 */
export function accessibleThemeColor(chosen: string, dark: boolean): string {
  return colorWithContrast(chosen, dark ? '#141414' : '#ffffff', dark ? 4.5 : 5.1, '#1677ff');
}
