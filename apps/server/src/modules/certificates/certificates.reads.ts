import * as certificates from './certificates.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * Certificate settings and certificates as other modules read them (a purge, the CME record): they ask here rather than query the
 * certificate tables themselves. This file imports only the certificates repository (never a
 * service), so asking it pulls no module's services into the caller's imports.
 */

/** The certificate templates (JSON) that name a background file. */
export function templatesWithBackground(db: Db) {
  return certificates.listTemplatesWithBackground(db);
}

/**
 * The issued, non-revoked certificates of these guests (code, credits, when issued): what a CME
 * record counts. A guest has at most one certificate.
 */
export async function validCertificatesOf(
  db: Db,
  guestIds: readonly number[],
): Promise<{ guest_id: number; code: string; credits: number; issued_at: number }[]> {
  const rows = await certificates.findCertificatesOf(db, guestIds);
  return rows
    .filter((row) => row.revoked_at === null)
    .map((row) => ({
      guest_id: Number(row.guest_id),
      code: row.code,
      credits: Number(row.credits),
      issued_at: Number(row.issued_at),
    }));
}
