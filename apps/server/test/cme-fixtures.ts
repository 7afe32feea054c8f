import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';

/** Direct inserts for the CME record's tests: guests as sign-ups left them, certificates as issued. */

let serial = 0;

export async function insertGuest(
  db: Db,
  meetingId: number,
  values: { name: string; license_number?: string; email?: string },
): Promise<number> {
  serial += 1;
  const row = await db
    .insertInto('guests')
    .values({
      meeting_id: meetingId,
      guest_code: `cme-${randomBytes(8).toString('hex')}`,
      token_hash: randomBytes(16).toString('hex'),
      area_code: '853',
      phone: `+85366${String(serial).padStart(6, '0')}`,
      email: values.email ?? '',
      name: values.name,
      license_number: values.license_number ?? '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An issued certificate (revoked when `revokedAt` is given); answers its code. */
export async function insertCertificate(
  db: Db,
  meetingId: number,
  guestId: number,
  credits: number,
  revokedAt: number | null = null,
): Promise<string> {
  const code = randomBytes(15).toString('hex').toUpperCase().slice(0, 24);
  await db
    .insertInto('certificates')
    .values({
      meeting_id: meetingId,
      guest_id: guestId,
      code,
      name: 'x',
      name_zh: '',
      name_en: '',
      minutes: 60,
      credits,
      sessions: '[]',
      issued_at: Date.now(),
      issued_by: null,
      revoked_at: revokedAt,
      revoked_by: null,
      emailed_at: null,
    })
    .execute();
  return code;
}

/** The grouped form certificates print (ABCD-EFGH-…). */
export const grouped = (code: string) => code.match(/.{1,4}/g)!.join('-');
