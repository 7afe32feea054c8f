import type { VisibleMeeting } from '../../core/meeting-access.ts';
import type { Attainment } from './attainment.ts';
import { newCertificateCode } from './certificate-content.ts';
import type { CertificateCoreDeps } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';

/** Issues to each listed guest who earned it and holds no live certificate; returns how many. */
export async function issueTo(
  deps: Pick<CertificateCoreDeps, 'db' | 'clock' | 'webhooks'>,
  meeting: VisibleMeeting,
  entries: { guest: repo.GuestRow; figure: Attainment; certificate?: repo.CertificateRecord }[],
  issuedBy: number | null,
): Promise<number> {
  const due = entries.filter((e) => e.figure.earned && (!e.certificate || e.certificate.revoked_at !== null));
  if (due.length === 0) return 0;
  const now = deps.clock();
  let issued = 0;
  await deps.db.transaction().execute(async (trx) => {
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
