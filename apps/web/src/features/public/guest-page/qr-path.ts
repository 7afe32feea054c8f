/** Quiet zone around the symbol, in modules (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

/**
 * The SVG path of a QR matrix: one unit square per dark module, offset by the quiet zone. Pure, so
 * the drawing is unit-tested without the QR library.
 */
export function qrPath(size: number, isDark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (isDark(row, col)) parts.push(`M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
    }
  }
  return parts.join('');
}
