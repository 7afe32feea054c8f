import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as foundation from './migrations/2026-11-22-01-foundation.ts';
import * as backOffice from './migrations/2026-11-22-02-back-office.ts';
import * as guests from './migrations/2026-11-22-03-guests.ts';
import * as attendance from './migrations/2026-11-23-01-attendance.ts';
import * as notifications from './migrations/2026-11-23-03-notifications.ts';
import * as guestListIndexes from './migrations/2026-11-23-04-guest-list-indexes.ts';
import * as guestSearch from './migrations/2026-11-23-05-guest-search.ts';
import * as dictionaryTenancy from './migrations/2026-11-24-02-dictionary-tenancy.ts';
import * as lockouts from './migrations/2026-11-24-06-lockouts.ts';
import * as scanOperatorName from './migrations/2026-11-24-07-scan-operator-name.ts';
import * as logMessages from './migrations/2026-11-24-09-log-messages.ts';
import * as jobsAndMail from './migrations/2026-11-25-01-jobs-and-mail.ts';
import * as imports from './migrations/2026-11-25-02-imports.ts';
import * as offlineDoor from './migrations/2026-11-25-03-offline-door.ts';
import * as certificates from './migrations/2026-11-26-01-certificates.ts';
import * as waitlists from './migrations/2026-11-28-01-waitlists.ts';
import * as personalData from './migrations/2026-11-28-02-personal-data.ts';
import * as integrations from './migrations/2026-11-28-03-integrations.ts';
import * as searchTermsWithoutRowid from './migrations/2026-11-28-04-search-terms-without-rowid.ts';
import * as seatReferencesDeferred from './migrations/2026-11-28-05-seat-references-deferred.ts';
import * as searchTermsByGuestAndTerm from './migrations/2026-11-28-06-search-terms-by-guest-and-term.ts';
import * as organizationRegion from './migrations/2026-11-29-01-organization-region.ts';
import * as registrationForms from './migrations/2026-11-29-02-registration-forms.ts';
import * as privateFiles from './migrations/2026-11-29-03-private-files.ts';
import * as evaluations from './migrations/2026-11-29-04-evaluations.ts';
import * as cmeRecords from './migrations/2026-11-29-05-cme-records.ts';
import * as payments from './migrations/2026-11-30-01-payments.ts';
import * as statementPreviews from './migrations/2026-11-30-02-statement-previews.ts';
import * as admission from './migrations/2026-11-30-03-admission.ts';
import * as memberImports from './migrations/2026-11-30-13-member-imports.ts';
import * as memberImportTouched from './migrations/2026-11-30-21-member-import-touched.ts';
import * as groupOrders from './migrations/2026-11-30-23-group-orders.ts';
import * as importRows from './migrations/2026-11-30-43-import-rows.ts';
import * as answerTerms from './migrations/2026-11-30-51-answer-terms.ts';
import * as importReading from './migrations/2026-12-01-01-import-reading.ts';
import type { Database } from './schema.ts';

/** Migrations listed explicitly (no directory scan): names sort by date, as Kysely runs them. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-foundation': foundation,
  '2026-11-22-02-back-office': backOffice,
  '2026-11-22-03-guests': guests,
  '2026-11-23-01-attendance': attendance,
  '2026-11-23-03-notifications': notifications,
  '2026-11-23-04-guest-list-indexes': guestListIndexes,
  '2026-11-23-05-guest-search': guestSearch,
  '2026-11-24-02-dictionary-tenancy': dictionaryTenancy,
  '2026-11-24-06-lockouts': lockouts,
  '2026-11-24-07-scan-operator-name': scanOperatorName,
  '2026-11-24-09-log-messages': logMessages,
  '2026-11-25-01-jobs-and-mail': jobsAndMail,
  '2026-11-25-02-imports': imports,
  '2026-11-25-03-offline-door': offlineDoor,
  '2026-11-26-01-certificates': certificates,
  '2026-11-28-01-waitlists': waitlists,
  '2026-11-28-02-personal-data': personalData,
  '2026-11-28-03-integrations': integrations,
  '2026-11-28-04-search-terms-without-rowid': searchTermsWithoutRowid,
  '2026-11-28-05-seat-references-deferred': seatReferencesDeferred,
  '2026-11-28-06-search-terms-by-guest-and-term': searchTermsByGuestAndTerm,
  '2026-11-29-01-organization-region': organizationRegion,
  '2026-11-29-02-registration-forms': registrationForms,
  '2026-11-29-03-private-files': privateFiles,
  '2026-11-29-04-evaluations': evaluations,
  '2026-11-29-05-cme-records': cmeRecords,
  '2026-11-30-01-payments': payments,
  '2026-11-30-02-statement-previews': statementPreviews,
  '2026-11-30-03-admission': admission,
  '2026-11-30-13-member-imports': memberImports,
  '2026-11-30-21-member-import-touched': memberImportTouched,
  '2026-11-30-23-group-orders': groupOrders,
  '2026-11-30-43-import-rows': importRows,
  '2026-11-30-51-answer-terms': answerTerms,
  '2026-12-01-01-import-reading': importReading,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
