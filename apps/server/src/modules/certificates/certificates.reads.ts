import * as certificates from './certificates.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * Certificate settings as other modules read them (a purge): they ask here rather than query the
 * certificate tables themselves. This file imports only the certificates repository (never a
 * service), so asking it pulls no module's services into the caller's imports.
 */

/** The certificate templates (JSON) that name a background file. */
export function templatesWithBackground(db: Db) {
  return certificates.listTemplatesWithBackground(db);
}
