import type { EvaluationPresence } from '../evaluations/evaluations.module.ts';
import type { CertificateCore } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
import { requiredEvaluationIds } from './evaluation-gate.ts';
import type { Db } from '../../db/database.ts';

/**
 * The evaluations module's presence port: who may answer an evaluation (the meeting's certificate
 * rule applied to the scan log exactly as for the certificate, by presence alone: scope 0 asks the
 * rule's presence conditions, a session its `session_min_minutes`), which evaluations the rule
 * requires, and whether a guest's certificate is now theirs to download.
 */
export function evaluationPresence(db: Db, core: CertificateCore): EvaluationPresence {
  return {
    async eligibleGuests(meetingId, scopeId, guestIds) {
      const meeting = await core.liveMeetingOf(meetingId);
      const { rule } = await core.settingsOf(meeting.id);
      const ids = (await repo.findLiveGuests(db, meeting.id, guestIds)).map((g) => g.id);
      const figures = await core.standings(meeting, rule, ids);
      return ids.filter((id) => {
        const figure = figures.get(id)!;
        return scopeId === 0 ? figure.earned : figure.sessions.includes(scopeId);
      });
    },

    async requiredEvaluationIds(meetingId) {
      const { rule } = await core.settingsOf(meetingId);
      return requiredEvaluationIds(db, meetingId, rule);
    },

    /** As the guest page's `available`: issued and live, or earned (evaluations included) with guest download on. */
    async certificateAvailable(meetingId, guestId) {
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      if (certificate) return certificate.revoked_at === null;
      const { rule, guest_download } = await core.settingsOf(meetingId);
      if (!guest_download) return false;
      const meeting = await core.liveMeetingOf(meetingId);
      return (await core.certificateStandings(meeting, rule, [guestId])).get(guestId)?.earned ?? false;
    },
  };
}
