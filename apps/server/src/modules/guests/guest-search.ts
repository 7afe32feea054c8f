import type { Kysely } from 'kysely';
import { FIELD_KEY } from '@meetflow/shared/forms/form-basics';
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
 *
 * The same rows hold the answers the guest list filters on (decision 0112): `x:<key>:<value>` for a
 * choice, each option of a multiple choice and `yes`/`no`. Every writer of a guest's terms writes
 * them, so none can be missed; 'x' is no hex digit, so no keyword range ever reaches one.
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
  /**
   * The answers' JSON as stored (undefined: none). Required, so that every writer of a guest's
   * terms says which answers it wrote.
   */
  answers: string | undefined;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Anything but a letter or a digit ends a word. */
const SEPARATOR = /[^\p{L}\p{N}]/u;

// The same tests without a Unicode regular expression for the ASCII most texts are made of.
const isSeparator = (char: string) => {
  const code = char.charCodeAt(0);
  if (code >= 0x80) return SEPARATOR.test(char);
  return !(
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a)
  );
};
const isCjk = (char: string) => char.charCodeAt(0) >= 0x1100 && CJK.test(char);

/** How a text and a keyword are compared: compatibility forms folded, lower case, single spaces. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function toKey(term: string): string {
  return Buffer.from(term.slice(0, TERM_MAX_CHARS), 'utf8').toString('hex');
}

/** UTF-8 bytes of a code point. */
const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * The keys of the suffixes of a text that a search may start at: each word start and each CJK
 * character. The text is encoded once and each key cut from its hex (a sign-up writes ~15 terms:
 * encoding each on its own was most of a sign-up's search-term cost).
 */
function textTermKeys(text: string, into: Set<string>): void {
  const normalized = normalizeSearchText(text);
  const chars = [...normalized];
  // A term is cut at TERM_MAX_CHARS code units (toKey): in a text with characters beyond the BMP,
  // which take two, each term is cut and encoded on its own.
  const astral = chars.length !== normalized.length;
  const hex = Buffer.from(normalized, 'utf8').toString('hex');
  // Where each character starts in the hex, and where the text ends.
  const starts = [0];
  for (const char of chars) starts.push(starts.at(-1)! + 2 * utf8Length(char.codePointAt(0)!));
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (isSeparator(char)) continue;
    const startsWord = i === 0 || isSeparator(chars[i - 1]!);
    if (!startsWord && !isCjk(char)) continue;
    const end = Math.min(i + TERM_MAX_CHARS, chars.length);
    into.add(astral ? toKey(chars.slice(i, end).join('')) : hex.slice(starts[i], starts[end]));
  }
}

/** Every stored term (as hex keys) of one guest. */
export function searchTermKeys(guest: SearchableGuest): string[] {
  const keys = new Set<string>();
  for (const text of [
    guest.name,
    guest.name_zh,
    guest.name_en,
    guest.email,
    guest.organization,
    guest.institution,
  ]) {
    if (text) textTermKeys(text, keys);
  }
  // The number as dialled with the area code, and its trailing digits ("the last four").
  const digits = guest.phone.replace(/\D/g, '');
  keys.add(toKey(digits));
  const national = digits.startsWith(guest.area_code) ? digits.slice(guest.area_code.length) : digits;
  for (let i = 0; i <= national.length - PHONE_MIN_DIGITS; i++) keys.add(toKey(national.slice(i)));
  for (const term of answerTermKeys(guest.answers)) keys.add(term);
  return [...keys];
}

/** Marks an answer term: not a hex digit, so outside every keyword's range under any collation. */
const ANSWER_TERM_PREFIX = 'x:';

/** The term of one answer value: a choice's or a multiple choice's option, or yes/no. */
export function answerTerm(key: string, value: string | boolean): string {
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  return `${ANSWER_TERM_PREFIX}${key}:${text}`;
}

/**
 * The terms of the answers a filter can name: booleans, and texts or lists of texts shaped as
 * option values (`FIELD_KEY`). The form is not needed: a text answer that looks like an option
 * gets a term no filter asks for (filters name choice fields only).
 */
export function answerTermKeys(answers: string | undefined): string[] {
  if (!answers || answers === '{}') return [];
  const parsed: unknown = JSON.parse(answers);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const terms: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!FIELD_KEY.test(key)) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of new Set(values))
      if (typeof item === 'boolean' || (typeof item === 'string' && FIELD_KEY.test(item)))
        terms.push(answerTerm(key, item));
  }
  return terms;
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

/**
 * Keeps an answer change's terms in step (door answers: only the answers changed): the terms the
 * old answers had and the new ones lack go, the new ones come. Call in the changing transaction.
 */
export async function reindexAnswers(
  db: Db,
  guest: { id: number; meeting_id: number },
  answers: { before: string; after: string },
): Promise<void> {
  const before = new Set(answerTermKeys(answers.before));
  const after = new Set(answerTermKeys(answers.after));
  const gone = [...before].filter((term) => !after.has(term));
  if (gone.length > 0)
    await db
      .deleteFrom('guest_search_terms')
      .where('guest_id', '=', guest.id)
      .where('term', 'in', gone)
      .execute();
  const added = [...after].filter((term) => !before.has(term));
  await insertRows(
    db,
    'guest_search_terms',
    added.map((term) => ({ meeting_id: guest.meeting_id, term, guest_id: guest.id })),
  );
}

/** Removes a guest from search (a cancelled guest keeps its row for the scan history). */
export async function unindexGuest(db: Db, guestId: number): Promise<void> {
  await db.deleteFrom('guest_search_terms').where('guest_id', '=', guestId).execute();
}
