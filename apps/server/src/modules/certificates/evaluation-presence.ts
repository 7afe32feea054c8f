import type { EvaluationPresence } from '../evaluations/evaluations.module.ts';
import type { CertificateCore } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
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
      const ids = (await repo.findLiveGuests(db, meeting.id, guestIds)).map((g) => g.id);
      const figures = await core.standings(meeting, rule, ids);
      return ids.filter((id) => {
        const figure = figures.get(id)!;
        return scopeId === 0 ? figure.earned : figure.sessions.includes(scopeId);
      });
    },
  };
}
