import type { EvaluationCertificates } from '../evaluations/evaluation-unlock.ts';
import type { EvaluationPresence } from '../evaluations/evaluations.module.ts';
import type { CertificateCore } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
import { requiredEvaluationIds } from './evaluation-gate.ts';
import type { Db } from '../../db/database.ts';

/**
 * Who may answer an evaluation (the evaluations module's presence port): the meeting's certificate
 * rule applied to the scan log exactly as for the certificate, by presence alone. Scope 0 asks the
 * rule's presence conditions; a session asks its `session_min_minutes`.
 */
export function evaluationPresence(db: Db, core: CertificateCore): EvaluationPresence {
  return {
    async eligibleGuests(meetingId, scopeId, guestIds) {
      const meeting = await core.liveMeetingOf(meetingId);
      const { rule } = await core.settingsOf(meeting.id);
      const ids = await repo.findLiveGuestIds(db, meeting.id, guestIds);
      const figures = await core.standings(meeting, rule, ids);
      return ids.filter((id) => {
        const figure = figures.get(id)!;
        return scopeId === 0 ? figure.earned : figure.sessions.includes(scopeId);
      });
    },
  };
}

/**
 * What the certificate says of evaluations (the evaluations module's `certificates` port): which
 * of the meeting's evaluations its rule requires, and whether a guest's certificate is theirs now — issued and not revoked, or
 * earned under the whole rule (evaluations included) where guests may download it. A revoked one
 * stays so until the organiser re-issues it.
 */
export function evaluationCertificates(db: Db, core: CertificateCore): EvaluationCertificates {
  return {
    async requiredEvaluationIds(meetingId) {
      return requiredEvaluationIds(db, meetingId, (await core.settingsOf(meetingId)).rule);
    },

    async unlocked(guestId) {
      const certificate = await repo.findCertificateOfGuest(db, guestId);
      if (certificate) return certificate.revoked_at === null;
      const meetingId = await repo.findGuestMeeting(db, guestId);
      if (meetingId === undefined) return false;
      const { rule, guest_download } = await core.settingsOf(meetingId);
      if (!guest_download) return false;
      const meeting = await core.liveMeetingOf(meetingId);
      return (await core.certificateStandings(meeting, rule, [guestId])).get(guestId)?.earned ?? false;
    },
  };
}
