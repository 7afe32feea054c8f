/**
 * A camera sees the same QR code in every frame while the guest holds it up. A code is taken once,
 * then ignored until it has been out of view for `quietMs`; another code is taken at once.
 */
export function createRepeatFilter(quietMs = 2500) {
  let lastCode: string | null = null;
  let lastSeenAt = Number.NEGATIVE_INFINITY;
  return (code: string, at: number): boolean => {
    const repeat = code === lastCode && at - lastSeenAt < quietMs;
    lastCode = code;
    lastSeenAt = at;
    return !repeat;
  };
}
