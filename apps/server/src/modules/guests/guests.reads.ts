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
