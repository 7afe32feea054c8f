import {
  certificateRule,
  certificateTemplate,
  type CertificateActionResult,
  type CertificatePage,
  type CertificateRow,
  type CertificateRule,
  type CertificateSettings,
  type CertificateSettingsInput,
  type CertificateTemplate,
  type CertificateTargets,
  type CertificateVerification,
  type GuestCertificateStatus,
} from '@meetflow/shared/schemas/certificates';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { liveMeeting, visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import {
  DEFAULT_TEMPLATE,
  SAMPLE_CODE,
  SAMPLE_GUEST,
  certificateValues,
  nameInLanguage,
  newCertificateCode,
  type CertificateFacts,
} from './certificate-content.ts';
import * as repo from './certificates.repository.ts';
import type { PdfRenderer } from './pdf-renderer.ts';
import { attainment, meetingDays, presenceOf, type Attainment } from './presence.ts';

/*
 * Proof of attendance (issue 18). A meeting's rule turns each guest's scan log into time present,
 * sessions attended, days and credits (presence.ts); organisers issue certificates to guests who
 * earned them, revoke them, send them, download them one by one or as a ZIP; guests download their
 * own; anyone can check a code. A certificate keeps what it certified when it was issued.
 */

/** Guests read per slice when a whole meeting is evaluated: one scan query each. */
const SLICE = 500;

export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

export function createCertificatesService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  timeZone: string;
  publicUrl: string;
  renderer: PdfRenderer;
  /** The guest a guest token belongs to (registration's rule), or its 401. */
  guestFromToken: (token: string | undefined) => Promise<{ guestId: number; meetingId: number }>;
  /** Queues certificate mails (the mail module); absent, sending is refused. */
  mail?: {
    queueCertificates(
      meetingId: number,
      items: { guestId: number; certificateId: number; code: string }[],
      requestedAt: number,
    ): Promise<number>;
  };
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
        result.set(id, attainment(rule, presenceOf(byGuest.get(id) ?? [], now, zone), days));
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
      const row: CertificateRow = {
        guest_id: guest.id,
        name: nameInLanguage(guest, 'zh-tw'),
        institution: guest.institution || guest.organization,
        minutes: figure.minutes,
        credits: figure.credits,
        sessions: figure.sessions,
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
        const fresh = await repo.issueCertificate(trx, {
          meeting_id: meeting.id,
          guest_id: guest.id,
          code: newCertificateCode(),
          name: guest.name,
          name_zh: guest.name_zh,
          name_en: guest.name_en,
          minutes: figure.minutes,
          credits: figure.credits,
          sessions: JSON.stringify(figure.sessions),
          issued_at: now,
          issued_by: issuedBy,
        });
        if (fresh) issued++;
      }
    });
    return issued;
  }

  async function targetsOf(
    meeting: VisibleMeeting,
    rule: CertificateRule,
    targets: CertificateTargets,
  ): ReturnType<typeof rowsOf> {
    if ('guest_ids' in targets) return rowsOf(meeting, rule, [...new Set(targets.guest_ids)]);
    return rowsOf(meeting, rule);
  }

  async function audit(
    actor: Actor,
    key: 'certificates.issued' | 'certificates.revoked' | 'certificates.emailed',
    meetingId: number,
    count: number,
  ) {
    await deps.systemLog.record({
      action: 'update',
      source: 'admin',
      message: { key, params: { meeting_id: meetingId, count } },
      username: actor.user.account,
      ip: actor.ip,
    });
  }

  return {
    visibleMeeting: (user: AuthUser, meetingId: number) => visibleMeeting(db, user, meetingId),

    async settings(user: AuthUser, meetingId: number): Promise<CertificateSettings> {
      await visibleMeeting(db, user, meetingId);
      return settingsOf(meetingId);
    },

    async saveSettings(
      actor: Actor,
      meetingId: number,
      input: CertificateSettingsInput,
    ): Promise<CertificateSettings> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const rule = certificateRule.parse(input.rule);
      const template = certificateTemplate.parse(input.template);
      const fields: Record<string, FieldMessageKey> = {};
      const sessions = await sessionNames(meeting.id);
      if (rule.required_session_ids.some((id) => !sessions.has(id)))
        fields['rule.required_session_ids'] = 'sessionNotInMeeting';
      if (rule.session_credits.some((entry) => !sessions.has(entry.schedule_id)))
        fields['rule.session_credits'] = 'sessionNotInMeeting';
      if (template.background_file_id) {
        const mime = await repo.findFileMime(db, template.background_file_id);
        if (mime !== 'image/jpeg' && mime !== 'image/png')
          fields['template.background_file_id'] = 'certificateBackgroundInvalid';
      }
      if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { data: { fields } });
      await repo.saveSettings(db, {
        meeting_id: meeting.id,
        rule: JSON.stringify(rule),
        template: JSON.stringify(template),
        guest_download: input.guest_download ? 1 : 0,
        updated_by: actor.user.id,
        updated_at: clock(),
      });
      await deps.systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'certificates.settings_updated',
          params: { meeting_id: meeting.id, meeting_name: meeting.name },
        },
        username: actor.user.account,
        ip: actor.ip,
      });
      return settingsOf(meeting.id);
    },

    async list(
      user: AuthUser,
      meetingId: number,
      query: { page: number; page_size: number; keyword?: string; state?: string },
    ): Promise<CertificatePage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const { rule } = await settingsOf(meeting.id);
      const all = await rowsOf(meeting, rule);
      const counts = {
        guests: all.length,
        earned: all.filter((e) => e.row.earned).length,
        issued: all.filter((e) => e.row.state === 'issued').length,
        revoked: all.filter((e) => e.row.state === 'revoked').length,
      };
      const matching = all.filter((e) => matches(e.row, e.guest, query.keyword, query.state));
      const start = (query.page - 1) * query.page_size;
      return {
        items: matching.slice(start, start + query.page_size).map((e) => e.row),
        total: matching.length,
        page: query.page,
        page_size: query.page_size,
        counts,
      };
    },

    /** The list's rows for the export, with the sessions' names. */
    async exportRows(meeting: VisibleMeeting, query: { keyword?: string; state?: string }) {
      const { rule } = await settingsOf(meeting.id);
      const sessions = await sessionNames(meeting.id);
      const rows = (await rowsOf(meeting, rule)).filter((e) =>
        matches(e.row, e.guest, query.keyword, query.state),
      );
      return { rows: rows.map((e) => e.row), sessions };
    },

    async issue(
      actor: Actor,
      meetingId: number,
      targets: CertificateTargets,
    ): Promise<CertificateActionResult> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const { rule } = await settingsOf(meeting.id);
      const entries = await targetsOf(meeting, rule, targets);
      const done = await issueTo(meeting, entries, actor.user.id);
      if (done > 0) await audit(actor, 'certificates.issued', meeting.id, done);
      const asked =
        'guest_ids' in targets
          ? new Set(targets.guest_ids).size
          : entries.filter((e) => e.figure.earned).length;
      return { done, skipped: asked - done };
    },

    async revoke(
      actor: Actor,
      meetingId: number,
      body: { guest_ids: number[]; reason: string },
    ): Promise<CertificateActionResult> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const ids = [...new Set(body.guest_ids)];
      const done = await repo.revokeCertificates(db, meeting.id, ids, {
        userId: actor.user.id,
        reason: body.reason,
        at: clock(),
      });
      if (done > 0) await audit(actor, 'certificates.revoked', meeting.id, done);
      return { done, skipped: ids.length - done };
    },

    async send(
      actor: Actor,
      meetingId: number,
      targets: CertificateTargets,
    ): Promise<CertificateActionResult> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      if (!deps.mail) throw new AppError('CONFLICT');
      const ids = 'guest_ids' in targets ? [...new Set(targets.guest_ids)] : undefined;
      const guests = new Map((await repo.findLiveGuests(db, meeting.id, ids)).map((g) => [g.id, g]));
      const live = (await repo.findCertificates(db, meeting.id)).filter(
        (c) => c.revoked_at === null && guests.has(c.guest_id) && guests.get(c.guest_id)!.email,
      );
      const now = clock();
      const done = await deps.mail.queueCertificates(
        meeting.id,
        live.map((c) => ({ guestId: c.guest_id, certificateId: c.id, code: c.code })),
        now,
      );
      await repo.markEmailed(
        db,
        live.map((c) => c.id),
        now,
      );
      if (done > 0) await audit(actor, 'certificates.emailed', meeting.id, done);
      return { done, skipped: (ids?.length ?? guests.size) - done };
    },

    async pdf(user: AuthUser, meetingId: number, guestId: number): Promise<CertificateFile> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      if (!certificate || certificate.meeting_id !== meeting.id) throw new AppError('CERTIFICATE_NOT_FOUND');
      if (certificate.revoked_at !== null) throw new AppError('CERTIFICATE_REVOKED');
      return issuedPdf(meeting, certificate);
    },

    async preview(
      user: AuthUser,
      meetingId: number,
      template: CertificateTemplate,
      guestId?: number,
    ): Promise<Uint8Array> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const sessions = [...(await sessionNames(meeting.id)).values()];
      if (guestId === undefined) {
        return render(meeting, template, {
          guest: SAMPLE_GUEST,
          minutes: 390,
          credits: 6.5,
          sessions: sessions.slice(0, 2),
          code: SAMPLE_CODE,
          issuedAt: clock(),
        });
      }
      const { rule } = await settingsOf(meeting.id);
      const [entry] = await rowsOf(meeting, rule, [guestId]);
      if (!entry) throw new AppError('NOT_FOUND');
      const byId = new Map(sessions.map((s) => [s.id, s]));
      return render(meeting, template, {
        guest: entry.guest,
        minutes: entry.figure.minutes,
        credits: entry.figure.credits,
        sessions: entry.figure.sessions.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
        code: entry.certificate?.code ?? SAMPLE_CODE,
        issuedAt: entry.certificate?.issued_at ?? clock(),
      });
    },

    /** Every live certificate of the meeting as a PDF, one after another (the ZIP reads them as it has room). */
    async *issuedFiles(meeting: VisibleMeeting): AsyncGenerator<CertificateFile> {
      const live = (await repo.findCertificates(db, meeting.id)).filter((c) => c.revoked_at === null);
      const guests = new Set((await repo.findLiveGuests(db, meeting.id)).map((g) => g.id));
      for (const certificate of live.sort((a, b) => a.guest_id - b.guest_id)) {
        if (guests.has(certificate.guest_id)) yield await issuedPdf(meeting, certificate);
      }
    },

    async recordDownload(actor: Actor, meetingId: number, count: number, completed: boolean) {
      await deps.systemLog.record({
        action: 'export',
        source: 'admin',
        message: {
          key: 'certificates.downloaded',
          params: {
            meeting_id: meetingId,
            count,
            interrupted: completed ? [] : [{ key: 'export.interrupted' }],
          },
        },
        username: actor.user.account,
        ip: actor.ip,
      });
    },

    async verify(code: string): Promise<CertificateVerification> {
      const row = code ? await repo.findCertificateByCode(db, code) : undefined;
      if (!row) throw new AppError('CERTIFICATE_NOT_FOUND');
      return {
        status: row.revoked_at === null ? 'valid' : 'revoked',
        name: row.name || row.name_zh || row.name_en,
        meeting: {
          name: row.meeting_name,
          name_cn: row.meeting_name_cn,
          name_en: row.meeting_name_en,
          start_at: row.start_at,
          end_at: row.end_at,
        },
        issued_at: row.issued_at,
        revoked_at: row.revoked_at,
        time_zone: zone,
      };
    },

    async guestStatus(token: string | undefined): Promise<GuestCertificateStatus> {
      const { guestId, meetingId } = await deps.guestFromToken(token);
      const { rule, guest_download } = await settingsOf(meetingId);
      const meeting = await liveMeetingOf(meetingId);
      const figure = (await standings(meeting, rule, [guestId])).get(guestId)!;
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      const revoked = certificate !== undefined && certificate.revoked_at !== null;
      const issued = certificate !== undefined && !revoked;
      return {
        offered: guest_download || issued,
        earned: figure.earned,
        available: issued || (guest_download && figure.earned && !revoked),
        revoked,
        minutes: issued ? certificate.minutes : figure.minutes,
        credits: issued ? certificate.credits : figure.credits,
      };
    },

    /** The guest's own certificate; issued on their first download where guests may download it. */
    async guestPdf(token: string | undefined): Promise<CertificateFile> {
      const { guestId, meetingId } = await deps.guestFromToken(token);
      const meeting = await liveMeetingOf(meetingId);
      let certificate = await repo.findCertificateOfGuest(db, guestId);
      if (certificate?.revoked_at != null) throw new AppError('CERTIFICATE_REVOKED');
      if (!certificate) {
        const { rule, guest_download } = await settingsOf(meetingId);
        if (!guest_download) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
        const [entry] = await rowsOf(meeting, rule, [guestId]);
        if (!entry?.figure.earned) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
        await issueTo(meeting, [entry], null);
        certificate = await repo.findCertificateOfGuest(db, guestId);
        if (!certificate) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
      }
      return issuedPdf(meeting, certificate);
    },

    /** For the mail job: the guest's live certificate as an attachment, or null once revoked. */
    async pdfForMail(guestId: number): Promise<{ fileName: string; content: Uint8Array } | null> {
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      if (!certificate || certificate.revoked_at !== null) return null;
      const meeting = await liveMeeting(db, certificate.meeting_id);
      if (!meeting) return null;
      const file = await issuedPdf(meeting, certificate);
      return { fileName: file.fileName, content: file.bytes };
    },
  };

  /** The guest's meeting, live (a guest token outlives a deleted meeting). */
  async function liveMeetingOf(meetingId: number): Promise<VisibleMeeting> {
    const meeting = await liveMeeting(db, meetingId);
    if (!meeting) throw new AppError('NO_MEETING');
    return meeting;
  }
}

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

export type CertificatesService = ReturnType<typeof createCertificatesService>;
