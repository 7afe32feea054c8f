import type { CertificateSettings, CertificateTemplate } from '@meetflow/shared/schemas/certificates';
import type { VisibleMeeting } from '../../core/meeting-access.ts';
import { parseAnswers, parseFields } from '../guests/guest-rules.ts';
import { certificateValues, type CertificateFacts } from './certificate-content.ts';
import type { CertificateCoreDeps, CertificateFile } from './certificate-core.ts';
import type { CertificateImage } from './certificate-pdf.ts';
import * as repo from './certificates.repository.ts';

type DrawingDeps = CertificateCoreDeps & { settingsOf: (meetingId: number) => Promise<CertificateSettings> };

/** Drawing a certificate: the meeting's template and background, the facts it certifies, the file name. */
export function createCertificateDrawing(deps: DrawingDeps) {
  const { db, timeZone: zone, publicUrl, settingsOf } = deps;

  async function sessionNames(meetingId: number) {
    return new Map((await repo.findSessions(db, meetingId)).map((s) => [s.id, s]));
  }

  /**
   * The meeting's own fields and the listed guests' answers (all live guests' when none are listed):
   * read once for a ZIP of many, or for one certificate.
   */
  async function answersOf(meetingId: number, guestIds?: readonly number[]) {
    const [form, stored] = await Promise.all([
      repo.findForm(db, meetingId),
      repo.findAnswers(db, meetingId, guestIds),
    ]);
    const fields = parseFields(form);
    return (guestId: number) => ({ fields, values: parseAnswers(stored.get(guestId)) });
  }

  async function background(template: CertificateTemplate): Promise<CertificateImage | null> {
    if (!template.background_file_id) return null;
    const file = await repo.findFile(db, template.background_file_id);
    return file ? { bytes: file.data, mime: file.mime } : null;
  }

  async function render(
    meeting:
      VisibleMeeting | { name: string; name_cn: string; name_en: string; start_at: number; end_at: number },
    template: CertificateTemplate,
    facts: Omit<CertificateFacts, 'meeting'>,
    image?: CertificateImage | null,
  ): Promise<Uint8Array> {
    const values = certificateValues({ ...facts, meeting }, template.language, publicUrl, zone);
    return deps.renderer.certificate({
      template,
      background: image === undefined ? await background(template) : image,
      values,
      title: values.meeting,
    });
  }

  /**
   * What the issued certificates of a meeting are drawn with: its current template and background,
   * its sessions and the listed guests' answers (all live guests' when none are listed). Read once
   * for a ZIP of thousands.
   */
  async function drawingOf(meetingId: number, guestIds?: readonly number[]) {
    const { template } = await settingsOf(meetingId);
    const [image, sessions, answers] = await Promise.all([
      background(template),
      sessionNames(meetingId),
      answersOf(meetingId, guestIds),
    ]);
    return { template, image, sessions, answers };
  }

  /**
   * The PDF of an issued certificate, from what it certified, the guest's answers as they are now
   * and the meeting's current template. `drawing`: read beforehand for many (a ZIP).
   */
  async function issuedPdf(
    meeting: VisibleMeeting,
    certificate: repo.CertificateRecord,
    drawing?: Awaited<ReturnType<typeof drawingOf>>,
  ): Promise<CertificateFile> {
    const { template, image, sessions, answers } =
      drawing ?? (await drawingOf(meeting.id, [certificate.guest_id]));
    const attended = (JSON.parse(certificate.sessions) as number[]).flatMap((id) => {
      const session = sessions.get(id);
      return session ? [session] : [];
    });
    const bytes = await render(
      meeting,
      template,
      {
        guest: certificate,
        minutes: certificate.minutes,
        credits: certificate.credits,
        sessions: attended,
        code: certificate.code,
        issuedAt: certificate.issued_at,
        answers: answers(certificate.guest_id),
      },
      image,
    );
    return { fileName: certificateFileName(meeting, certificate), bytes };
  }

  return { sessionNames, answersOf, render, drawingOf, issuedPdf };
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
