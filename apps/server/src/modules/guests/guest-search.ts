import type { Kysely } from 'kysely';
import { insertRows } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Keyword search over a meeting's guests without reading every guest. A contains-match (LIKE '%x%')
 * cannot use a B-tree index, so each guest's searchable texts are cut into terms — every suffix that
 * starts a word, every suffix that starts at a Chinese character, the phone number's trailing digits —
 * and stored in guest_search_terms under (meeting_id, term). A keyword then matches the guests with
 * a term that starts with it: one index range per search, on SQLite and PostgreSQL alike.
 *
 * Terms are stored as the hex of their UTF-8 bytes: a prefix is then a plain range between two ASCII
 * strings, which sorts the same under any database collation (a PostgreSQL database in en_US would
 * not order raw text by code point).
 */

type Db = Kysely<Database>;

/** Enough to tell guests apart; longer keywords are cut to it (terms and keywords alike). */
export const TERM_MAX_CHARS = 24;
/** Trailing phone digits shorter than this are too common to be worth a term. */
const PHONE_MIN_DIGITS = 4;

export interface SearchableGuest {
  id: number;
  meeting_id: number;
  area_code: string;
  phone: string;
  email: string;
  name?: string | null | undefined;
  name_zh?: string | null | undefined;
  name_en?: string | null | undefined;
  organization?: string | null | undefined;
  institution?: string | null | undefined;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Anything but a letter or a digit ends a word. */
const SEPARATOR = /[^\p{L}\p{N}]/u;

/** How a text and a keyword are compared: compatibility forms folded, lower case, single spaces. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function toKey(term: string): string {
  return Buffer.from(term.slice(0, TERM_MAX_CHARS), 'utf8').toString('hex');
}

/** The suffixes of a text that a search may start at: each word start and each CJK character. */
function textTerms(text: string, into: Set<string>): void {
  const chars = [...normalizeSearchText(text)];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (SEPARATOR.test(char)) continue;
    const startsWord = i === 0 || SEPARATOR.test(chars[i - 1]!);
    if (startsWord || CJK.test(char)) into.add(chars.slice(i, i + TERM_MAX_CHARS).join(''));
  }
}

/** Every stored term (as hex keys) of one guest. */
export function searchTermKeys(guest: SearchableGuest): string[] {
  const terms = new Set<string>();
  for (const text of [
    guest.name,
    guest.name_zh,
    guest.name_en,
    guest.email,
    guest.organization,
    guest.institution,
  ]) {
    if (text) textTerms(text, terms);
  }
  // The number as dialled with the area code, and its trailing digits ("the last four").
  const digits = guest.phone.replace(/\D/g, '');
  terms.add(digits);
  const national = digits.startsWith(guest.area_code) ? digits.slice(guest.area_code.length) : digits;
  for (let i = 0; i <= national.length - PHONE_MIN_DIGITS; i++) terms.add(national.slice(i));
  return [...terms].map(toKey);
}

/** The key range of guests whose terms start with the keyword, or null for an empty keyword. */
export function keywordRange(keyword: string): { from: string; to: string } | null {
  let text = normalizeSearchText(keyword);
  // A phone typed with spaces, dashes or brackets is searched as its digits.
  if (/^\+?[\d\s\-()]+$/.test(text)) text = text.replace(/\D/g, '');
  if (!text) return null;
  const from = toKey(text);
  // 'g' follows every hex digit: the range holds exactly the keys that start with `from`.
  return { from, to: `${from}g` };
}

/**
 * Writes the terms of guests that have none yet (just inserted). Call inside the transaction that
 * wrote them: a sign-up pays for the inserts only.
 */
export async function indexGuests(db: Db, guests: readonly SearchableGuest[]): Promise<void> {
  const rows = guests.flatMap((guest) =>
    searchTermKeys(guest).map((term) => ({ meeting_id: guest.meeting_id, term, guest_id: guest.id })),
  );
  await insertRows(db, 'guest_search_terms', rows);
}

/** Replaces the terms of an edited guest, in the transaction that changed it. */
export async function reindexGuest(db: Db, guest: SearchableGuest): Promise<void> {
  await unindexGuest(db, guest.id);
  await indexGuests(db, [guest]);
}

/** Removes a guest from search (a cancelled guest keeps its row for the scan history). */
export async function unindexGuest(db: Db, guestId: number): Promise<void> {
  await db.deleteFrom('guest_search_terms').where('guest_id', '=', guestId).execute();
}
