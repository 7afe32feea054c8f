import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createCertificateActions } from './certificate-actions.ts';
import type { CertificateCore } from './certificate-core.ts';
import { createCertificateFiles } from './certificate-files.ts';
import { createCertificateList } from './certificate-list.ts';
import { createCertificateSettings } from './certificate-settings.ts';

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
  const { db } = deps;

  return {
    visibleMeeting: (user: AuthUser, meetingId: number) => visibleMeeting(db, user, meetingId),

    ...createCertificateSettings(deps),

    ...createCertificateList(deps),

    ...createCertificateActions(deps),

    ...createCertificateFiles(deps),
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
export type CertificatesDeps = Parameters<typeof createCertificatesService>[0];
