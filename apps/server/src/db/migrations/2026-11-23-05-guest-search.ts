/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Indexed keyword search over guests: the terms table of modules/guests/guest-search.ts, filled for
 * the guests that already exist. Also (meeting_id, id): exports read a meeting's guests in id order,
 * a batch at a time (id > last), which otherwise sorts the whole meeting for every batch. The term rules are copied here on purpose (migrations are frozen in
 * time): this writes what the code of this date writes.
 */
const TERM_MAX_CHARS = 24;
const PHONE_MIN_DIGITS = 4;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Anything but a letter or a digit ends a word. */
const SEPARATOR = /[^\p{L}\p{N}]/u;

function termKeys(guest: Record<string, any>): string[] {
  const terms = new Set<string>();
  for (const text of [
    guest.name,
    guest.name_zh,
    guest.name_en,
    guest.email,
    guest.organization,
    guest.institution,
  ]) {
    if (!text) continue;
    const chars = [...String(text).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()];
    for (let i = 0; i < chars.length; i++) {
      if (SEPARATOR.test(chars[i]!)) continue;
      if (i === 0 || SEPARATOR.test(chars[i - 1]!) || CJK.test(chars[i]!)) {
        terms.add(chars.slice(i, i + TERM_MAX_CHARS).join(''));
      }
    }
  }
  const digits = String(guest.phone).replace(/\D/g, '');
  terms.add(digits);
  const national = digits.startsWith(guest.area_code) ? digits.slice(guest.area_code.length) : digits;
  for (let i = 0; i <= national.length - PHONE_MIN_DIGITS; i++) terms.add(national.slice(i));
  return [...terms].map((t) => Buffer.from(t.slice(0, TERM_MAX_CHARS), 'utf8').toString('hex'));
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guest_search_terms')
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('term', 'varchar(200)', (c) => c.notNull()) // hex of the term's UTF-8 bytes
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('guest_search_terms_pk', ['meeting_id', 'term', 'guest_id'])
    .execute();
  await db.schema
    .createIndex('guest_search_terms_guest')
    .on('guest_search_terms')
    .column('guest_id')
    .execute();

  await db.schema.createIndex('guests_meeting_id_id').on('guests').columns(['meeting_id', 'id']).execute();

  let after = 0;
  for (;;) {
    const guests = await db
      .selectFrom('guests')
      .select([
        'id',
        'meeting_id',
        'area_code',
        'phone',
        'email',
        'name',
        'name_zh',
        'name_en',
        'organization',
        'institution',
      ])
      .where('cancelled_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (guests.length === 0) break;
    const rows = guests.flatMap((g) =>
      termKeys(g).map((term) => ({ meeting_id: g.meeting_id, term, guest_id: g.id })),
    );
    for (let start = 0; start < rows.length; start += 5000) {
      await db
        .insertInto('guest_search_terms')
        .values(rows.slice(start, start + 5000))
        .execute();
    }
    after = guests[guests.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guests_meeting_id_id').execute();
  await db.schema.dropTable('guest_search_terms').execute();
}
