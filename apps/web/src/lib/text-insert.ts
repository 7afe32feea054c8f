/**
 * `insert` put in place of the selection [start, end) of `value` (at the end without one), and where
 * the caret goes afterwards: just after what was inserted. Used to insert a mail placeholder where
 * the cursor is.
 */
export function insertAtCursor(
  value: string,
  start: number | null | undefined,
  end: number | null | undefined,
  insert: string,
): { value: string; caret: number } {
  const from = clamp(start ?? value.length, value.length);
  const to = Math.max(from, clamp(end ?? from, value.length));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, n), max);
}
