import { sql, type RawBuilder } from 'kysely';

/*
 * Case-insensitive LIKE searches with the user's text matched literally: '%', '_' and '\' typed in a
 * search box are escaped, and every comparison declares the escape character (both databases).
 */

/** The text with LIKE's wildcards and the escape character escaped by '\'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pattern for "contains the text", lower-cased (compare with lower(column)). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** Pattern for "starts with the text", lower-cased (compare with lower(column)). */
export function prefixPattern(text: string): string {
  return `${escapeLike(text.toLowerCase())}%`;
}

/** `lower(column) like pattern escape '\'`, for a pattern made above. */
export function lowerLike(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
