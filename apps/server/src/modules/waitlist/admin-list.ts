import { nameIn, type Language } from '@meetflow/shared/languages';
import type { WaitlistCounts, WaitlistPage, waitlistQuery } from '@meetflow/shared/schemas/waitlist';
import type { z } from 'zod';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { adminEntries, changeSeats, entryOfMeeting } from './faces-common.ts';
import { promote } from './promote.ts';
import type { WaitlistDeps } from './waitlist.service.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/** The back office's list: the places of a list, promotion (promote.ts), removal and the export's rows. */
export function createAdminList(deps: WaitlistDeps) {
  const { db, clock, core } = deps;

  async function scopeOfQuery(meeting: VisibleMeeting, scheduleId: number): Promise<repo.Scope> {
    if (scheduleId !== 0 && !(await scopes.scheduleOfMeeting(db, meeting.id, scheduleId))) {
      throw new AppError('NOT_FOUND');
    }
    return { meetingId: meeting.id, scopeId: scheduleId };
  }

  return {
    visibleMeeting: (user: AuthUser, meetingId: number) => visibleMeeting(db, user, meetingId),

    async list(
      user: AuthUser,
      meetingId: number,
      query: z.output<typeof waitlistQuery>,
    ): Promise<WaitlistPage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const scope = await scopeOfQuery(meeting, query.schedule_id);
      const [state, counts, page] = await Promise.all([
        scopes.lockScope(db, scope, false),
        countsOf(db, scope),
        repo.listEntries(db, scope, {
          active: query.show === 'active',
          offset: (query.page - 1) * query.page_size,
          limit: query.page_size,
        }),
      ]);
      return {
        enabled: state?.enabled ?? false,
        max: state?.max ?? 0,
        offer_hours: state?.offerHours ?? 0,
        seats_taken: (state?.count ?? 0) + (state?.held ?? 0),
        seat_limit: state?.limit ?? 0,
        counts,
        items: await adminEntries(db, page.rows),
        total: page.total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    promote: (user: AuthUser, meetingId: number, entryId: number, ip: string) =>
      promote(deps, user, meetingId, entryId, ip),

    async remove(user: AuthUser, meetingId: number, entryId: number, ip: string): Promise<void> {
      await visibleMeeting(db, user, meetingId);
      await entryOfMeeting(db, meetingId, entryId);
      const removed = await changeSeats(deps, meetingId, (trx) =>
        core.takeOff(trx, entryId, 'removed', clock(), { username: user.auditName, ip }),
      );
      if (!removed) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    },

    /** A list's places for the export, with the list's name in the reader's language. */
    async exportRows(meeting: VisibleMeeting, scheduleId: number, lang: Language) {
      const scope = await scopeOfQuery(meeting, scheduleId);
      const session =
        scheduleId === 0 ? undefined : await scopes.scheduleOfMeeting(db, meeting.id, scheduleId);
      const listName = session
        ? nameIn(lang, session.name, session.name_cn, session.name_en)
        : nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const rows = await adminEntries(db, await repo.allEntries(db, scope));
      return { listName, rows };
    },
  };
}

/** A list's figures by status. */
async function countsOf(db: Db, scope: repo.Scope): Promise<WaitlistCounts> {
  const counts: WaitlistCounts = { waiting: 0, offered: 0, expired: 0, promoted: 0 };
  for (const row of await repo.countsByStatus(db, scope)) {
    if (row.status in counts) counts[row.status as keyof WaitlistCounts] = row.n;
  }
  return counts;
}
