import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first differing byte of a guess.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
