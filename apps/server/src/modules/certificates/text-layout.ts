import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { create as createQr } from 'qrcode';
import { TrueTypeFace } from './truetype-subset.ts';

/*
 * Text laid out from the Noto Sans faces' own tables (truetype-subset.ts): which face draws each
 * character, widths, line breaks, and QR codes as content-stream operators. Neither pdf-lib nor
 * fontkit is loaded here: a certificate is written without them (docs/decisions/0109), so the
 * renderer's thread loads them only for badge sheets, listings and background images
 * (docs/decisions/0120). pdf-text.ts adds pdf-lib's drawing on top.
 */

export type Script = 'tc' | 'sc';
export type FontKey = `${Script}-${'regular' | 'bold'}`;

const require = createRequire(import.meta.url);
const FONT_FILES: Record<FontKey, string> = {
  'tc-regular': '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  'tc-bold': '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  'sc-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'sc-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/** The path of a face's TrueType file. */
export function fontFile(key: FontKey): string {
  return require.resolve(FONT_FILES[key]);
}

const faces = new Map<FontKey, TrueTypeFace>();

/** A face's widths and glyphs, read once per process (widths of every PDF, subsets of certificates). */
export function fontFace(script: Script, bold: boolean): TrueTypeFace {
  const key: FontKey = `${script}-${bold ? 'bold' : 'regular'}`;
  let face = faces.get(key);
  if (!face) {
    face = new TrueTypeFace(fontFile(key));
    faces.set(key, face);
  }
  return face;
}

/** Six random uppercase letters: the tag that marks a font subset's name. */
export function subsetTag(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: { red: number; green: number; blue: number };
  /** The script the text is written in; characters its font lacks fall back to the other. */
  script: Script;
}

interface Run {
  script: Script;
  text: string;
}

/** Splits text into runs of one font each: the text's own script, else the other where only it has the glyph. */
export function fontRuns(text: string, script: Script): Run[] {
  const other: Script = script === 'tc' ? 'sc' : 'tc';
  const own = fontFace(script, false);
  const runs: Run[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // The other face is read only when a character needs it.
    const use = own.glyphId(code) !== 0 || fontFace(other, false).glyphId(code) === 0 ? script : other;
    const last = runs.at(-1);
    if (last && last.script === use) last.text += char;
    else runs.push({ script: use, text: char });
  }
  return runs;
}

/**
 * The sum of the glyphs' advances: what a PDF reader spaces a line by (the font's widths, no
 * kerning), read from the face's tables rather than a full text layout per measure.
 */
export function textWidth(text: string, style: TextStyle): number {
  let units = 0;
  for (const run of fontRuns(text, style.script)) {
    const face = fontFace(run.script, style.bold ?? false);
    for (const char of run.text) units += face.advance(face.glyphId(char.codePointAt(0)!));
  }
  return (units * style.size) / 1000;
}

// A Chinese character (or full-width sign) is a token of its own; Latin words break at spaces.
const TOKENS =
  /[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+|[^\S\n]+/gu;

/** Lines of at most `maxWidth` (a longer word stays whole), honouring line breaks in the text. */
export function wrapText(text: string, maxWidth: number, style: TextStyle): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.match(TOKENS) ?? []) {
      const candidate = line + token;
      if (line.trim() && textWidth(candidate.trimEnd(), style) > maxWidth) {
        lines.push(line.trimEnd());
        line = token.trim() ? token : '';
      } else {
        line = candidate;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The largest size from `size` down to `min` at which the text fits `maxWidth` on one line. */
export function fittingSize(text: string, maxWidth: number, style: TextStyle, min: number): number {
  let size = style.size;
  while (size > min && textWidth(text, { ...style, size }) > maxWidth) size -= 1;
  return size;
}

/**
 * One line that fits `maxWidth`: at the largest size from `style.size` down to `min`, and, if even
 * `min` is too wide, cut and ended with '…'. Line breaks and runs of spaces become one space.
 */
export function fittedLine(
  text: string,
  maxWidth: number,
  style: TextStyle,
  min: number,
): { text: string; size: number } {
  // A badge line holds some 60 characters at most: measuring thousands would only cost time.
  let chars = [...text.replace(/\s+/g, ' ').trim()];
  const long = chars.length > 120;
  if (long) chars = chars.slice(0, 120);
  const whole = chars.join('') + (long ? '…' : '');
  const size = fittingSize(whole, maxWidth, style, min);
  const at = { ...style, size };
  if (textWidth(whole, at) <= maxWidth) return { text: whole, size };
  // The longest start that fits with the ellipsis (binary search on the characters kept).
  let [lo, hi] = [0, chars.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${chars.slice(0, mid).join('').trimEnd()}…`, at) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return { text: `${chars.slice(0, lo).join('').trimEnd()}…`, size };
}

/** A colour written `#rrggbb` as its red, green and blue, each from 0 to 1. */
export function hexChannels(hex: string): { red: number; green: number; blue: number } {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return { red: ((value >> 16) & 255) / 255, green: ((value >> 8) & 255) / 255, blue: (value & 255) / 255 };
}

/** The content-stream operators of a QR code, `size` points wide, its bottom-left corner at (x, y). */
export function qrOperators(content: string, x: number, y: number, size: number): string {
  const qr = createQr(content, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  const n = (value: number) => value.toFixed(2);
  // A white quiet zone of two modules, so the code reads over a background image, then one
  // rectangle per run of dark modules (no hairline seams between neighbours).
  const quiet = 2 * cell;
  let ops = `q 1 1 1 rg ${n(x - quiet)} ${n(y - quiet)} ${n(size + 2 * quiet)} ${n(size + 2 * quiet)} re f 0 0 0 rg\n`;
  for (let row = 0; row < count; row++) {
    const top = y + size - (row + 1) * cell;
    for (let col = 0; col < count;) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      ops += `${n(x + start * cell)} ${n(top)} ${n((col - start) * cell)} ${n(cell)} re\n`;
    }
  }
  return `${ops}f Q\n`;
}

export const MM = 72 / 25.4;
