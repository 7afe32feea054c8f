import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { CertificatesDeps } from './certificates.service.ts';

/** The guests with what the scan log gives them: the paged list and the export's rows. */
export function createCertificateList(deps: Pick<CertificatesDeps, 'db' | 'core'>) {
  const { db, core } = deps;
  const { settingsOf, rowsOf, rowOf, matches, meetingStates, guestsNamed, sessionNames } = core;

  return {
    async list(
      user: AuthUser,
      meetingId: number,
      query: { page: number; page_size: number; keyword?: string; state?: string },
    ): Promise<CertificatePage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const { rule } = await settingsOf(meeting.id);
      const all = await meetingStates(meeting, rule);
      const counts = {
        guests: all.length,
        earned: all.filter((e) => e.earned).length,
        issued: all.filter((e) => e.state === 'issued').length,
        revoked: all.filter((e) => e.state === 'revoked').length,
      };
      const named = query.keyword ? await guestsNamed(meeting.id, query.keyword) : undefined;
      const matching = all.filter(
        (e) => (!query.state || e.state === query.state) && (!named || named.has(e.id)),
      );
      const start = (query.page - 1) * query.page_size;
      const shown = matching.slice(start, start + query.page_size).map((e) => e.id);
      return {
        items: (await rowsOf(meeting, rule, shown)).map(rowOf),
        total: matching.length,
        page: query.page,
        page_size: query.page_size,
        counts,
      };
    },

    /** The list's rows for the export, with the sessions' names. */
    async exportRows(meeting: VisibleMeeting, query: { keyword?: string; state?: string }) {
      const { rule } = await settingsOf(meeting.id);
      const sessions = await sessionNames(meeting.id);
      const rows = (await rowsOf(meeting, rule)).filter((e) => matches(e, query.keyword, query.state));
      return { rows: rows.map(rowOf), sessions };
    },
  };
}
