import * as guests from './guests.repository.ts';
import * as forms from './registration-form.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The guest core's tables as other modules read them (the purge, certificates, badges, a guest's
 * own data): they ask here rather than query registration_forms themselves. This file imports only
 * the module's repositories (never a service); the caller parses what it reads with the guest core's
 * `parseFields` / `parseAnswers` (guest-rules.ts).
 */

/** A meeting's own form fields as stored (JSON), or undefined when it has none. */
export async function meetingFormJson(db: Db, meetingId: number): Promise<string | undefined> {
  return (await forms.findForm(db, meetingId))?.fields;
}

/** The stored forms of several meetings at once: meeting id → fields JSON. */
export function meetingFormJsons(db: Db, meetingIds: readonly number[]): Promise<Map<number, string>> {
  return forms.findForms(db, meetingIds);
}

/**
 * The live guests of an organisation's meetings that no CME person holds yet, and the organisations
 * with such a guest of an address (the CME record's linking).
 */
export { organizationsOfUnlinkedEmail, unlinkedGuestsOfOrganization } from './guest-identities.repository.ts';

/**
 * The name a guest gave (else the Chinese, else the English one) and the language they signed up
 * in, cancelled or not: a receipt made out to them prints both.
 */
export async function guestNameAndLanguage(
  db: Db,
  guestId: number,
): Promise<{ name: string; language: string } | undefined> {
  const g = await guests.findGuestNameAndLanguage(db, guestId);
  return g && { name: [g.name, g.name_zh, g.name_en].find((n) => n.trim()) ?? '', language: g.language };
}

/**
 * The meeting's guest with this phone (E.164): the live one, else the newest cancelled one (whose
 * stored phone is `phone#id`). The door's walk-in is that guest when there is one (issue 45). Also
 * whether it is a walk-in, flagged over capacity, unpaid or awaiting approval.
 */
export async function guestByPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  return (
    (await guests.findGuestByPhone(db, meetingId, areaCode, phone)) ??
    guests.findCancelledGuestByPhone(db, meetingId, areaCode, phone)
  );
}

/** Contact batch: ids per query, under every database's limit on bound parameters. */
const CONTACT_BATCH = 1000;

/**
 * Names and e-mail addresses of a meeting's live guests among `ids` (cancelled ones left out), by
 * id: whom an evaluation still waits for. The name is the one given, else the Chinese, else the
 * English one (a date-schedule sign-up gives the last two only).
 */
export async function liveGuestContacts(
  db: Db,
  meetingId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; email: string }[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out: { id: number; name: string; email: string }[] = [];
  for (let i = 0; i < sorted.length; i += CONTACT_BATCH) {
    const rows = await guests.findGuestContacts(db, meetingId, sorted.slice(i, i + CONTACT_BATCH));
    for (const g of rows)
      out.push({
        id: g.id,
        name: [g.name, g.name_zh, g.name_en].find((n) => n.trim()) ?? '',
        email: g.email,
      });
  }
  return out;
}

/** The guests of a group booking (issue 45), cancelled ones too, in the order they were written. */
export function groupGuests(db: Db, groupId: number) {
  return guests.findGroupGuests(db, groupId);
}

/** Whether a live guest of the meeting has this number (a group booking's early, per-attendee answer). */
export function livePhoneTaken(db: Db, meetingId: number, areaCode: string, phone: string) {
  return guests.phoneTaken(db, meetingId, areaCode, phone);
}
