import {
  certificateRule,
  certificateTemplate,
  type CertificateActionResult,
  type CertificatePage,
  type CertificateRule,
  type CertificateSettings,
  type CertificateSettingsInput,
  type CertificateTemplate,
  type CertificateTargets,
} from '@meetflow/shared/schemas/certificates';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { SAMPLE_CODE, SAMPLE_GUEST } from './certificate-content.ts';
import type { CertificateCore, CertificateFile } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';

/*
 * Proof of attendance (issue 18), the back office's face: a meeting's rule and template, the list
 * of guests with what the scan log gives them, issuing, revoking, sending, one PDF, a preview, and
 * every certificate for the ZIP. Each action starts with the meeting-access rule and is audited.
 */

export function createCertificatesService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  core: CertificateCore;
  /** Queues certificate mails (the mail module); absent, sending is refused. */
  mail?: {
    queueCertificates(
      meetingId: number,
      items: { guestId: number; certificateId: number; code: string }[],
      requestedAt: number,
    ): Promise<number>;
  };
}) {
  const { db, clock, core } = deps;
  const { settingsOf, rowsOf, matches, sessionNames, render, issuedPdf, issueTo } = core;

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
      username: actor.user.auditName,
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
      const { rule: ruleBefore, template: templateBefore, guest_download } = await settingsOf(meeting.id);
      // Each rule and template value that changed, by name ('rule.min_minutes', 'template.blocks.0.text').
      const changes = fieldChanges(
        ...alignedAuditFields(
          { rule: ruleBefore, template: templateBefore, guest_download },
          { rule, template, guest_download: input.guest_download },
        ),
      );
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
        username: actor.user.auditName,
        ip: actor.ip,
        changes,
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
      const listed = await targetsOf(meeting, rule, targets);
      // "All who earned it" never re-issues a revoked certificate: only a guest chosen by name does.
      const entries =
        'guest_ids' in targets ? listed : listed.filter((e) => e.certificate?.revoked_at == null);
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
      const issued = (await repo.findCertificates(db, meeting.id)).filter(
        (c) => c.revoked_at === null && guests.has(c.guest_id),
      );
      const live = issued.filter((c) => guests.get(c.guest_id)!.email);
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
      // Skipped: listed guests without a live certificate or an address; for "all", issued ones only.
      return { done, skipped: (ids?.length ?? issued.length) - done };
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
        username: actor.user.auditName,
        ip: actor.ip,
      });
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
