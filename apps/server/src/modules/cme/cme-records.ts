import type { CmePerson, CmeRecordEntry } from '@meetflow/shared/schemas/cme';
import type { Db } from '../../db/database.ts';
import { validCertificatesOf } from '../certificates/certificates.reads.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import * as repo from './cme.repository.ts';
import { normalizeLicence } from './identity.ts';

/*
 * A person's record: their linked guests with each meeting and what its certificate gives. Credits
 * and codes come from the certificates module, and only from issued, non-revoked certificates.
 */

export interface Certificate {
  code: string;
  credits: number;
  issued_at: number;
}

/** The valid certificates of these guests: guest id → certificate (asked in chunks). */
export async function certificatesOf(db: Db, guestIds: readonly number[]): Promise<Map<number, Certificate>> {
  const found = new Map<number, Certificate>();
  for (let i = 0; i < guestIds.length; i += 500) {
    for (const c of await validCertificatesOf(db, guestIds.slice(i, i + 500))) found.set(c.guest_id, c);
  }
  return found;
}

/** Credits rounded to hundredths, as certificates print them (sums of 0.1 stay 0.3). */
export const roundCredits = (credits: number) => Math.round(credits * 100) / 100;

function entryOf(row: repo.EntryRow, certificate: Certificate | undefined): CmeRecordEntry {
  return {
    guest_id: Number(row.guest_id),
    meeting_id: Number(row.meeting_id),
    meeting_name: row.meeting_name,
    meeting_name_cn: row.meeting_name_cn,
    meeting_name_en: row.meeting_name_en,
    start_at: Number(row.start_at),
    end_at: Number(row.end_at),
    guest_name: guestDisplayName(row),
    licence_number: normalizeLicence(row.license_number),
    email: row.email,
    linked_by: row.linked_by === 'manual' ? 'manual' : 'auto',
    credits: certificate?.credits ?? 0,
    certificate_code: certificate?.code ?? null,
    issued_at: certificate?.issued_at ?? null,
  };
}

/** The records of these people: person id → entries, oldest meeting first. */
export async function recordsOf(
  db: Db,
  personIds: readonly number[],
): Promise<Map<number, CmeRecordEntry[]>> {
  const rows = await repo.entriesOf(db, personIds);
  const certificates = await certificatesOf(
    db,
    rows.map((r) => Number(r.guest_id)),
  );
  const records = new Map<number, CmeRecordEntry[]>(personIds.map((id) => [id, []]));
  for (const row of rows)
    records.get(Number(row.person_id))?.push(entryOf(row, certificates.get(Number(row.guest_id))));
  return records;
}

export const totalCredits = (entries: readonly CmeRecordEntry[]) =>
  roundCredits(entries.reduce((sum, e) => sum + e.credits, 0));

/** A person as the lists show them. */
export function personSummary(person: repo.PersonRow, entries: readonly CmeRecordEntry[]): CmePerson {
  return {
    id: Number(person.id),
    organization_id: Number(person.organization_id),
    name: person.name,
    licence_number: person.licence_number,
    email: person.email,
    meetings: entries.length,
    credits: totalCredits(entries),
  };
}
