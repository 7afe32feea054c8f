import type { CmeReturnColumn } from '@meetflow/shared/schemas/cme';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { localDayBounds } from '../../lib/local-time.ts';
import { certificatesOf } from './cme-records.ts';
import { chosenColumns, type ReturnRow } from './cme-return.ts';
import { cmeAudit, linkBeforeReading, visibleOrganization } from './cme-scope.ts';
import type { CmeDeps } from './cme.service.ts';
import * as repo from './cme.repository.ts';

/** The yearly return's use cases: its saved columns, and its rows (cme-return.ts writes the sheet). */
export function createCmeReturn(deps: CmeDeps) {
  const { db, clock, timeZone } = deps;
  const audit = cmeAudit(deps.systemLog);
  return {
    async columns(user: AuthUser, organizationId: number): Promise<CmeReturnColumn[]> {
      await visibleOrganization(db, user, organizationId);
      return chosenColumns(await repo.findReturnColumns(db, organizationId));
    },

    async saveColumns(actor: Actor, organizationId: number, columns: CmeReturnColumn[]) {
      await visibleOrganization(db, actor.user, organizationId);
      await repo.saveReturnColumns(db, organizationId, JSON.stringify(columns), clock());
      await audit(actor, 'update', {
        key: 'cme.return_columns_saved',
        params: { organization_id: organizationId, columns: columns.join(', ') },
      });
      return columns;
    },

    /** The rows and columns of the year's return (meetings by their start, in TIME_ZONE). */
    async rows(user: AuthUser, organizationId: number, year: number) {
      const org = await visibleOrganization(db, user, organizationId);
      await linkBeforeReading(deps, organizationId);
      const from = localDayBounds(`${year}-01-01`, timeZone).from;
      const to = localDayBounds(`${year + 1}-01-01`, timeZone).from;
      const entries = await repo.returnEntries(db, organizationId, from, to);
      const certificates = await certificatesOf(
        db,
        entries.map((e) => Number(e.guest_id)),
      );
      const rows: ReturnRow[] = entries.map((e) => ({
        ...e,
        start_at: Number(e.start_at),
        end_at: Number(e.end_at),
        certificate: certificates.get(Number(e.guest_id)),
      }));
      const columns = chosenColumns(await repo.findReturnColumns(db, organizationId));
      return { org, rows, columns };
    },
  };
}
export type CmeReturn = ReturnType<typeof createCmeReturn>;
