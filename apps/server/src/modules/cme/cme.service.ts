import type { Language } from '@meetflow/shared/languages';
import type {
  CmeLinkResult,
  CmePeoplePage,
  CmePersonDetail,
  CmePublicTranscript,
  CmeRecordEntry,
} from '@meetflow/shared/schemas/cme';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ListingInput } from '../certificates/listing-pdf.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { linkOrganization, mergePeople, splitPerson } from './cme-linking.ts';
import { personSummary, recordsOf, totalCredits } from './cme-records.ts';
import { cmeAudit, linkBeforeReading, visibleOrganization, visiblePerson } from './cme-scope.ts';
import { transcriptFileName, transcriptListing } from './cme-transcript.ts';
import * as repo from './cme.repository.ts';
import { normalizeEmail } from './identity.ts';

export interface CmeDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  timeZone: string;
  listingPdf(input: ListingInput): Promise<Uint8Array>;
}

type PeopleQuery = { keyword?: string | undefined; page: number; page_size: number };

/** The organisation's language for its transcripts: simplified Chinese on the mainland, else traditional. */
const organizationLanguage = (org: { region: string | null }): Language =>
  org.region === 'CN' ? 'zh-cn' : 'zh-tw';

/**
 * The back office's CME record (`certificate:manage`, within the user's organisation subtree) and
 * the records the public page shows. The automatic linking runs before each read of an
 * organisation's people, so lists are current without a job; it costs one query when nothing is new.
 */
export function createCmeService(deps: CmeDeps) {
  const { db, clock, systemLog, timeZone } = deps;
  const audit = cmeAudit(systemLog);
  const organization = (user: Pick<AuthUser, 'organizationId'>, id: number) =>
    visibleOrganization(db, user, id);
  const person = (user: Pick<AuthUser, 'organizationId'>, id: number) => visiblePerson(db, user, id);
  const linkQuietly = (organizationId: number) => linkBeforeReading(deps, organizationId);

  async function transcript(
    p: Pick<repo.PersonRow, 'organization_id' | 'name' | 'licence_number'>,
    entries: readonly CmeRecordEntry[],
    language: Language | undefined,
  ) {
    const org = await findOrganization(db, p.organization_id);
    const now = clock();
    const bytes = await deps.listingPdf(
      transcriptListing({
        person: p,
        organization: org?.name ?? '',
        entries,
        language: language ?? (org ? organizationLanguage(org) : 'zh-tw'),
        timeZone,
        now,
      }),
    );
    return { fileName: transcriptFileName(now, timeZone), bytes };
  }

  /**
   * What the public page shows an address: of each person holding a guest who gave it, only those
   * guests, named as the newest of them. A person found by licence may hold someone else's guests
   * (whoever typed that licence): an address never opens more than its own sign-ups.
   */
  async function ownRecords(email: string) {
    const address = normalizeEmail(email);
    const people = await repo.peopleOfGuestEmail(db, address);
    const records = await recordsOf(
      db,
      people.map((p) => Number(p.id)),
    );
    return people.map((p) => {
      const entries = (records.get(Number(p.id)) ?? []).filter((e) => normalizeEmail(e.email) === address);
      const newest = entries.at(-1);
      return {
        ...p,
        name: newest?.guest_name ?? '',
        licence_number: newest?.licence_number ?? '',
        entries,
      };
    });
  }

  return {
    async link(actor: Actor, organizationId: number): Promise<CmeLinkResult> {
      await organization(actor.user, organizationId);
      const result = await linkOrganization(db, organizationId, clock());
      await audit(actor, 'update', {
        key: 'cme.linked',
        params: { organization_id: organizationId, ...result },
      });
      return result;
    },

    async people(user: AuthUser, organizationId: number, query: PeopleQuery): Promise<CmePeoplePage> {
      await organization(user, organizationId);
      await linkQuietly(organizationId);
      const page = { page: query.page, page_size: query.page_size };
      const { total, rows } = await repo.peoplePage(db, organizationId, query);
      const records = await recordsOf(
        db,
        rows.map((r) => Number(r.id)),
      );
      return { items: rows.map((r) => personSummary(r, records.get(Number(r.id)) ?? [])), total, ...page };
    },

    async detail(user: AuthUser, personId: number): Promise<CmePersonDetail> {
      await linkQuietly((await person(user, personId)).organization_id);
      const found = await person(user, personId);
      const entries = (await recordsOf(db, [found.id])).get(found.id) ?? [];
      return { person: personSummary(found, entries), entries, time_zone: timeZone };
    },

    async merge(actor: Actor, personId: number, otherId: number): Promise<number> {
      const [target, other] = [await person(actor.user, personId), await person(actor.user, otherId)];
      if (target.id === other.id || target.organization_id !== other.organization_id)
        throw new AppError('VALIDATION_FAILED');
      const moved = await mergePeople(db, target, other, clock());
      await audit(actor, 'update', {
        key: 'cme.merged',
        params: { person_id: target.id, other_id: other.id, count: moved },
      });
      return target.id;
    },

    async split(actor: Actor, personId: number, guestIds: readonly number[]): Promise<number> {
      const found = await person(actor.user, personId);
      const held = new Set(await repo.linkedGuestIds(db, found.id));
      if (!guestIds.every((id) => held.has(id)) || guestIds.length >= held.size)
        throw new AppError('VALIDATION_FAILED');
      const created = await splitPerson(db, found, guestIds, clock());
      await audit(actor, 'create', {
        key: 'cme.split',
        params: { person_id: found.id, new_id: created, count: guestIds.length },
      });
      return created;
    },

    async transcriptPdf(actor: Actor, personId: number, language: Language | undefined) {
      const found = await person(actor.user, personId);
      const file = await transcript(found, (await recordsOf(db, [found.id])).get(found.id) ?? [], language);
      await audit(actor, 'export', { key: 'cme.transcript_downloaded', params: { person_id: found.id } });
      return file;
    },

    /* ---------- the public page ---------- */

    /** Links the organisations that hold a not yet linked guest of this address. */
    async linkFor(organizationIds: readonly number[]): Promise<void> {
      for (const id of organizationIds) await linkQuietly(id);
    },

    async known(email: string): Promise<boolean> {
      return (await repo.peopleOfGuestEmail(db, normalizeEmail(email))).length > 0;
    },

    async publicTranscripts(email: string): Promise<CmePublicTranscript[]> {
      return (await ownRecords(email)).map((p) => ({
        person_id: Number(p.id),
        organization_id: Number(p.organization_id),
        organization_name: p.organization_name,
        name: p.name,
        licence_number: p.licence_number,
        entries: p.entries.map((e) => ({
          meeting_id: e.meeting_id,
          meeting_name: e.meeting_name,
          meeting_name_cn: e.meeting_name_cn,
          meeting_name_en: e.meeting_name_en,
          start_at: e.start_at,
          end_at: e.end_at,
          licence_number: e.licence_number,
          credits: e.credits,
          certificate_code: e.certificate_code,
          issued_at: e.issued_at,
        })),
        total_credits: totalCredits(p.entries),
      }));
    },

    async publicPdf(
      email: string,
      organizationId: number,
      personId: number | undefined,
      language?: Language,
    ) {
      const found = (await ownRecords(email)).find(
        (p) =>
          Number(p.organization_id) === organizationId &&
          (personId === undefined || Number(p.id) === personId),
      );
      if (!found) throw new AppError('NOT_FOUND');
      return transcript(found, found.entries, language);
    },
  };
}
export type CmeService = ReturnType<typeof createCmeService>;
