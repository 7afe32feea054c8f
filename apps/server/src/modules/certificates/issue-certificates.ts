import type { VisibleMeeting } from '../../core/meeting-access.ts';
import type { WebhookEvent } from '../webhooks/webhooks.service.ts';
import type { Attainment } from './attainment.ts';
import { newCertificateCode } from './certificate-content.ts';
import type { CertificateCoreDeps } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';

/** Certificates written per statement batch: "issue to all" at a congress issues tens of thousands. */
const ISSUE_BATCH = 256;

type IssueEntry = { guest: repo.GuestRow; figure: Attainment; certificate?: repo.CertificateRecord };

/** Issues to each listed guest who earned it and holds no live certificate; returns how many. */
export async function issueTo(
  deps: Pick<CertificateCoreDeps, 'db' | 'clock' | 'webhooks'>,
  meeting: VisibleMeeting,
  entries: IssueEntry[],
  issuedBy: number | null,
): Promise<number> {
  const due = entries.filter((e) => e.figure.earned && (!e.certificate || e.certificate.revoked_at !== null));
  if (due.length === 0) return 0;
  const now = deps.clock();
  let issued = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (let first = 0; first < due.length; first += ISSUE_BATCH) {
      const rows = due
        .slice(first, first + ISSUE_BATCH)
        .map((entry) => newCertificate(meeting, entry, now, issuedBy));
      const fresh = await repo.issueCertificates(trx, rows);
      // Events in the guests' order, for those issued now only.
      const events = rows.filter((row) => fresh.has(row.guest_id)).map(issuedEvent);
      await deps.webhooks.emitAll(trx, events);
      issued += events.length;
    }
  });
  return issued;
}

function newCertificate(
  meeting: VisibleMeeting,
  { guest, figure }: IssueEntry,
  now: number,
  issuedBy: number | null,
): repo.NewCertificate {
  return {
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
  };
}

function issuedEvent(row: repo.NewCertificate): WebhookEvent {
  return {
    type: 'certificate.issued',
    meetingId: row.meeting_id,
    guestId: row.guest_id,
    // The code is what the certificate's verification page is opened with (printed on it).
    data: {
      guest_id: row.guest_id,
      code: row.code,
      minutes: row.minutes,
      credits: row.credits,
      issued_at: row.issued_at,
    },
  };
}
