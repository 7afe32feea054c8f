import type { CertificateTemplate } from '@meetflow/shared/schemas/certificates';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { collectGarbage } from '../../lib/startup-garbage.ts';
import { parseFields } from '../guests/guest-rules.ts';
import { SAMPLE_CODE, SAMPLE_GUEST } from './certificate-content.ts';
import type { CertificateFile } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
import type { CertificatesDeps } from './certificates.service.ts';

/** How many certificates of a ZIP are being drawn before the ZIP asks for them. */
const DRAWN_AHEAD = 4;
/**
 * A ZIP of at least this many certificates starts from the heap at rest: what the work before it left
 * (issuing them: V8's heap grown to ~185 MB for 5,000) would otherwise carry its peak
 * (docs/decisions/0124). The collection costs the main thread ~0.1 s, once.
 */
export const ZIP_AT_REST_FROM = 1_000;

/** Certificates as files: one PDF, a preview, every issued one for the ZIP, the download's audit entry. */
export function createCertificateFiles(deps: CertificatesDeps) {
  const { db, clock, core } = deps;
  const { settingsOf, rowsOf, sessionNames, answersOf, render, drawingOf, issuedPdf } = core;

  return {
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
          answers: { fields: parseFields(await repo.findForm(db, meeting.id)), values: 'sample' },
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
        answers: (await answersOf(meeting.id, [guestId]))(guestId),
      });
    },

    /**
     * Every live certificate of the meeting as a PDF, one after another (the ZIP reads them as it has
     * room). The next few are being drawn while the ZIP writes one, so the renderer's thread is not
     * left waiting for the ZIP's and the ZIP's for the renderer's.
     */
    async *issuedFiles(meeting: VisibleMeeting): AsyncGenerator<CertificateFile> {
      const [certificates, guestIds] = await Promise.all([
        repo.findCertificates(db, meeting.id),
        repo.findLiveGuestIds(db, meeting.id),
      ]);
      const guests = new Set(guestIds);
      const live = certificates
        .filter((c) => c.revoked_at === null && guests.has(c.guest_id))
        .sort((a, b) => a.guest_id - b.guest_id);
      // The template, its image, the sessions and every guest's answers in one read, not one per certificate.
      const drawing = await drawingOf(meeting.id);
      if (live.length >= ZIP_AT_REST_FROM) collectGarbage('last-resort');
      const ahead: Promise<CertificateFile>[] = [];
      let next = 0;
      while (next < live.length || ahead.length) {
        while (ahead.length < DRAWN_AHEAD && next < live.length) {
          const drawn = issuedPdf(meeting, live[next++]!, drawing);
          // A failure is thrown where its file is awaited; one never awaited (the client left) is dropped.
          drawn.catch(() => undefined);
          ahead.push(drawn);
        }
        yield await ahead.shift()!;
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
