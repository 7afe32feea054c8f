import type {
  CertificateActionResult,
  CertificateRule,
  CertificateTargets,
} from '@meetflow/shared/schemas/certificates';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './certificates.repository.ts';
import type { CertificatesDeps } from './certificates.service.ts';

/** Issuing, revoking and sending certificates, each audited. */
export function createCertificateActions(deps: CertificatesDeps) {
  const { db, clock, core } = deps;
  const { settingsOf, rowsOf, issueTo } = core;

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
  };
}
