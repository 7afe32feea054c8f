import {
  certificateRule,
  certificateTemplate,
  type CertificateRow,
  type CertificateRule,
  type CertificateSettings,
} from '@meetflow/shared/schemas/certificates';
import { liveMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { Attainment } from './attainment.ts';
import { DEFAULT_TEMPLATE } from './certificate-content.ts';
import { createCertificateDrawing } from './certificate-drawing.ts';
import {
  certificateStandings,
  guestsNamed,
  matches,
  meetingStates,
  rowOf,
  rowsOf,
  standings,
  stateOf,
} from './certificate-standing.ts';
import * as repo from './certificates.repository.ts';
import { issueTo } from './issue-certificates.ts';
import type { PdfRenderer } from './pdf-renderer.ts';

/*
 * What the back office and the guest-facing side share: a meeting's settings, each guest's standing
 * under its rule (presence.ts over the scan log), issuing, and drawing an issued certificate from
 * what it certified and the meeting's current template.
 */

export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

export function createCertificateCore(deps: {
  db: Db;
  clock: () => number;
  timeZone: string;
  publicUrl: string;
  renderer: PdfRenderer;
  /** Events for other systems, written in the issuing transaction. */
  webhooks: WebhookEmitter;
}) {
  const { db } = deps;

  async function settingsOf(meetingId: number): Promise<CertificateSettings> {
    const row = await repo.findSettings(db, meetingId);
    if (!row) {
      return {
        rule: certificateRule.parse({}),
        template: DEFAULT_TEMPLATE,
        guest_download: false,
        updated_at: null,
      };
    }
    return {
      rule: certificateRule.parse(JSON.parse(row.rule)),
      template: certificateTemplate.parse(JSON.parse(row.template)),
      guest_download: row.guest_download === 1,
      updated_at: row.updated_at,
    };
  }

  /** A guest's meeting, live (a guest token or a mail job outlives a deleted meeting). */
  async function liveMeetingOf(meetingId: number): Promise<VisibleMeeting> {
    const meeting = await liveMeeting(db, meetingId);
    if (!meeting) throw new AppError('NO_MEETING');
    return meeting;
  }

  /** The listed guests' certificate states (the guest list and its export). */
  async function statesOf(
    meeting: { id: number; start_at: number; end_at: number },
    guestIds: readonly number[],
  ): Promise<Map<number, CertificateRow['state']>> {
    const { rule } = await settingsOf(meeting.id);
    const figures = await certificateStandings(deps, meeting, rule, guestIds);
    const certificates = new Map((await repo.findCertificatesOf(db, guestIds)).map((c) => [c.guest_id, c]));
    return new Map(
      guestIds.map((id) => [id, stateOf(figures.get(id)?.earned ?? false, certificates.get(id))]),
    );
  }

  const drawing = createCertificateDrawing({ ...deps, settingsOf });
  return {
    statesOf,
    settingsOf,
    /** What presence alone earns (who may answer an evaluation). */
    standings: (
      meeting: { id: number; start_at: number; end_at: number },
      rule: CertificateRule,
      guestIds: readonly number[],
    ) => standings(deps, meeting, rule, guestIds),
    /** What the whole rule earns: presence, then the required evaluations. */
    certificateStandings: (
      meeting: { id: number; start_at: number; end_at: number },
      rule: CertificateRule,
      guestIds: readonly number[],
    ) => certificateStandings(deps, meeting, rule, guestIds),
    rowsOf: (meeting: VisibleMeeting, rule: CertificateRule, ids?: readonly number[]) =>
      rowsOf(deps, meeting, rule, ids),
    rowOf,
    matches,
    /** Every live guest's state, for the list's counts and filters. */
    meetingStates: (meeting: VisibleMeeting, rule: CertificateRule) => meetingStates(deps, meeting, rule),
    guestsNamed: (meetingId: number, keyword: string) => guestsNamed(deps, meetingId, keyword),
    ...drawing,
    issueTo: (
      meeting: VisibleMeeting,
      entries: { guest: repo.GuestRow; figure: Attainment; certificate?: repo.CertificateRecord }[],
      issuedBy: number | null,
    ) => issueTo(deps, meeting, entries, issuedBy),
    liveMeetingOf,
  };
}

export type CertificateCore = ReturnType<typeof createCertificateCore>;
export type CertificateCoreDeps = Parameters<typeof createCertificateCore>[0];

export { certificateFileName } from './certificate-drawing.ts';
