import {
  certificateRule,
  certificateTemplate,
  type CertificateRow,
  type CertificateRule,
  type CertificateSettings,
  type CertificateTemplate,
} from '@meetflow/shared/schemas/certificates';
import { liveMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  DEFAULT_TEMPLATE,
  certificateValues,
  nameInLanguage,
  newCertificateCode,
  type CertificateFacts,
} from './certificate-content.ts';
import * as repo from './certificates.repository.ts';
import type { PdfRenderer } from './pdf-renderer.ts';
import { presenceOf } from '../../core/presence.ts';
import { attainment, meetingDays, meetingWindow, type Attainment } from './attainment.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/*
 * What the back office and the guest-facing side share: a meeting's settings, each guest's standing
 * under its rule (presence.ts over the scan log), issuing, and drawing an issued certificate from
 * what it certified and the meeting's current template.
 */

/** Guests read per slice when a whole meeting is evaluated: one scan query each. */
const SLICE = 500;

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
  const { db, clock, timeZone: zone, publicUrl } = deps;

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

  /** What each guest's scans earn under the rule, read SLICE guests at a time. */
  async function standings(
    meeting: { id: number; start_at: number; end_at: number },
    rule: CertificateRule,
    guestIds: readonly number[],
  ): Promise<Map<number, Attainment>> {
    const days = meetingDays(meeting.start_at, meeting.end_at, zone);
    const window = meetingWindow(days, zone);
    const now = clock();
    const result = new Map<number, Attainment>();
    for (let i = 0; i < guestIds.length; i += SLICE) {
      const slice = guestIds.slice(i, i + SLICE);
      const scans = await repo.findScans(db, meeting.id, slice);
      const byGuest = new Map<number, typeof scans>();
      for (const scan of scans) {
        let list = byGuest.get(scan.guest_id);
        if (!list) byGuest.set(scan.guest_id, (list = []));
        list.push(scan);
      }
      for (const id of slice)
        result.set(id, attainment(rule, presenceOf(byGuest.get(id) ?? [], now, zone, window), days));
    }
    return result;
  }

  function stateOf(
    earned: boolean,
    certificate: repo.CertificateRecord | undefined,
  ): CertificateRow['state'] {
    if (certificate) return certificate.revoked_at === null ? 'issued' : 'revoked';
    return earned ? 'earned' : 'not_earned';
  }

  /** Every live guest of the meeting with their figures and certificate. */
  async function rowsOf(meeting: VisibleMeeting, rule: CertificateRule, ids?: readonly number[]) {
    const guests = await repo.findLiveGuests(db, meeting.id, ids);
    const figures = await standings(
      meeting,
      rule,
      guests.map((g) => g.id),
    );
    const certificates = new Map((await repo.findCertificates(db, meeting.id)).map((c) => [c.guest_id, c]));
    return guests.map((guest) => {
      const figure = figures.get(guest.id)!;
      const certificate = certificates.get(guest.id);
      // A certificate shows what it certified; the others what the scan log gives them now.
      const row: CertificateRow = {
        guest_id: guest.id,
        name: nameInLanguage(guest, 'zh-tw'),
        institution: guest.institution || guest.organization,
        minutes: certificate?.minutes ?? figure.minutes,
        credits: certificate?.credits ?? figure.credits,
        sessions: certificate ? (JSON.parse(certificate.sessions) as number[]) : figure.sessions,
        days_present: figure.daysPresent,
        earned: figure.earned,
        state: stateOf(figure.earned, certificate),
        code: certificate?.code ?? null,
        issued_at: certificate?.issued_at ?? null,
        revoked_at: certificate?.revoked_at ?? null,
        emailed_at: certificate?.emailed_at ?? null,
      };
      return { guest, figure, certificate, row };
    });
  }

  function matches(
    row: CertificateRow,
    guest: repo.GuestRow,
    keyword: string | undefined,
    state: string | undefined,
  ) {
    if (state && row.state !== state) return false;
    if (!keyword) return true;
    const needle = keyword.toLowerCase();
    return [
      guest.name,
      guest.name_zh,
      guest.name_en,
      guest.institution,
      guest.organization,
      guest.email,
    ].some((text) => text.toLowerCase().includes(needle));
  }

  async function sessionNames(meetingId: number) {
    return new Map((await repo.findSessions(db, meetingId)).map((s) => [s.id, s]));
  }

  async function background(template: CertificateTemplate) {
    if (!template.background_file_id) return null;
    const file = await repo.findFile(db, template.background_file_id);
    return file ? { bytes: file.data, mime: file.mime } : null;
  }

  async function render(
    meeting:
      VisibleMeeting | { name: string; name_cn: string; name_en: string; start_at: number; end_at: number },
    template: CertificateTemplate,
    facts: Omit<CertificateFacts, 'meeting'>,
  ): Promise<Uint8Array> {
    const values = certificateValues({ ...facts, meeting }, template.language, publicUrl, zone);
    return deps.renderer.certificate({
      template,
      background: await background(template),
      values,
      title: values.meeting,
    });
  }

  /** The PDF of an issued certificate, from what it certified and the meeting's current template. */
  async function issuedPdf(
    meeting: VisibleMeeting,
    certificate: repo.CertificateRecord,
  ): Promise<CertificateFile> {
    const { template } = await settingsOf(meeting.id);
    const sessions = await sessionNames(meeting.id);
    const attended = (JSON.parse(certificate.sessions) as number[]).flatMap((id) => {
      const session = sessions.get(id);
      return session ? [session] : [];
    });
    const bytes = await render(meeting, template, {
      guest: certificate,
      minutes: certificate.minutes,
      credits: certificate.credits,
      sessions: attended,
      code: certificate.code,
      issuedAt: certificate.issued_at,
    });
    return { fileName: certificateFileName(meeting, certificate), bytes };
  }

  /** Issues to each listed guest who earned it and holds no live certificate; returns how many. */
  async function issueTo(
    meeting: VisibleMeeting,
    entries: { guest: repo.GuestRow; figure: Attainment; certificate?: repo.CertificateRecord }[],
    issuedBy: number | null,
  ): Promise<number> {
    const due = entries.filter(
      (e) => e.figure.earned && (!e.certificate || e.certificate.revoked_at !== null),
    );
    if (due.length === 0) return 0;
    const now = clock();
    let issued = 0;
    await db.transaction().execute(async (trx) => {
      for (const { guest, figure } of due) {
        const code = newCertificateCode();
        const fresh = await repo.issueCertificate(trx, {
          meeting_id: meeting.id,
          guest_id: guest.id,
          code,
          name: guest.name,
          name_zh: guest.name_zh,
          name_en: guest.name_en,
          minutes: figure.minutes,
          credits: figure.credits,
          sessions: JSON.stringify(figure.sessions),
          issued_at: now,
          issued_by: issuedBy,
        });
        if (!fresh) continue;
        issued++;
        await deps.webhooks.emit(trx, {
          type: 'certificate.issued',
          meetingId: meeting.id,
          guestId: guest.id,
          // The code is what the certificate's verification page is opened with (printed on it).
          data: {
            guest_id: guest.id,
            code,
            minutes: figure.minutes,
            credits: figure.credits,
            issued_at: now,
          },
        });
      }
    });
    return issued;
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
    const figures = await standings(meeting, rule, guestIds);
    const certificates = new Map((await repo.findCertificatesOf(db, guestIds)).map((c) => [c.guest_id, c]));
    return new Map(
      guestIds.map((id) => [id, stateOf(figures.get(id)?.earned ?? false, certificates.get(id))]),
    );
  }

  return {
    statesOf,
    settingsOf,
    standings,
    rowsOf,
    matches,
    sessionNames,
    render,
    issuedPdf,
    issueTo,
    liveMeetingOf,
  };
}

export type CertificateCore = ReturnType<typeof createCertificateCore>;

/** 'Meeting-name-Guest-name.pdf', safe on every file system. */
export function certificateFileName(
  meeting: { name: string },
  certificate: { guest_id: number; name: string; name_zh: string; name_en: string },
): string {
  const name = certificate.name || certificate.name_zh || certificate.name_en || String(certificate.guest_id);
  // Control characters and what file systems refuse become '_'.
  const safe = (text: string) =>
    [...text]
      .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .slice(0, 80);
  return `${safe(meeting.name)}-${certificate.guest_id}-${safe(name)}.pdf`;
}
