import type { CertificateVerification, GuestCertificateStatus } from '@meetflow/shared/schemas/certificates';
import { liveMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CertificateCore, CertificateFile } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';

/*
 * Proof of attendance, the guests' and the public's face: whether a code is genuine, a guest's own
 * certificate (issued on their first download where the meeting allows it), and the attachment of
 * a certificate mail.
 */

export function createGuestCertificatesService(deps: {
  db: Db;
  timeZone: string;
  core: CertificateCore;
  /** The guest a guest token belongs to (registration's rule), or its 401. */
  guestFromToken: (token: string | undefined) => Promise<{ guestId: number; meetingId: number }>;
}) {
  const { db, timeZone: zone, core } = deps;
  const { settingsOf, certificateStandings, rowsOf, issuedPdf, issueTo, liveMeetingOf } = core;

  return {
    async verify(code: string): Promise<CertificateVerification> {
      const row = code ? await repo.findCertificateByCode(db, code) : undefined;
      if (!row) throw new AppError('CERTIFICATE_NOT_FOUND');
      // A guest whose sign-up was cancelled holds no valid certificate, as if it had been revoked then.
      const revokedAt = row.revoked_at ?? row.cancelled_at;
      return {
        status: revokedAt === null ? 'valid' : 'revoked',
        name: row.name || row.name_zh || row.name_en,
        meeting: {
          name: row.meeting_name,
          name_cn: row.meeting_name_cn,
          name_en: row.meeting_name_en,
          start_at: row.start_at,
          end_at: row.end_at,
        },
        issued_at: row.issued_at,
        revoked_at: revokedAt,
        time_zone: zone,
      };
    },

    async guestStatus(token: string | undefined): Promise<GuestCertificateStatus> {
      const { guestId, meetingId } = await deps.guestFromToken(token);
      const { rule, guest_download } = await settingsOf(meetingId);
      const meeting = await liveMeetingOf(meetingId);
      const figure = (await certificateStandings(meeting, rule, [guestId])).get(guestId)!;
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      const revoked = certificate !== undefined && certificate.revoked_at !== null;
      const issued = certificate !== undefined && !revoked;
      return {
        offered: guest_download || issued,
        earned: figure.earned,
        awaiting_evaluation_ids: figure.awaiting,
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
}

export type GuestCertificatesService = ReturnType<typeof createGuestCertificatesService>;
