import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { CertificatesDeps } from './certificates.service.ts';

/** The guests with what the scan log gives them: the paged list and the export's rows. */
export function createCertificateList(deps: Pick<CertificatesDeps, 'db' | 'core'>) {
  const { db, core } = deps;
  const { settingsOf, rowsOf, matches, sessionNames } = core;

  return {
    async list(
      user: AuthUser,
      meetingId: number,
      query: { page: number; page_size: number; keyword?: string; state?: string },
    ): Promise<CertificatePage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const { rule } = await settingsOf(meeting.id);
      const all = await rowsOf(meeting, rule);
      const counts = {
        guests: all.length,
        earned: all.filter((e) => e.row.earned).length,
        issued: all.filter((e) => e.row.state === 'issued').length,
        revoked: all.filter((e) => e.row.state === 'revoked').length,
      };
      const matching = all.filter((e) => matches(e.row, e.guest, query.keyword, query.state));
      const start = (query.page - 1) * query.page_size;
      return {
        items: matching.slice(start, start + query.page_size).map((e) => e.row),
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
      const rows = (await rowsOf(meeting, rule)).filter((e) =>
        matches(e.row, e.guest, query.keyword, query.state),
      );
      return { rows: rows.map((e) => e.row), sessions };
    },
  };
}
