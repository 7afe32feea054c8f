import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import type { WaitlistCoreDeps } from './waitlist-core.ts';
import type * as repo from './waitlist.repository.ts';

/** The guest row a place on the meeting's list becomes: the sign-up form as stored, without its keys. */
export type WaitingGuestForm = Omit<
  Insertable<Database['guests']>,
  'guest_code' | 'token_hash' | 'created_at' | 'mail_pending'
> & {
  /** A paid meeting's ticket kind chosen on the form (not a guest column: its order's). */
  price_item_id?: number | null;
};

/** Who made a change: an organiser, a visitor (by address), or nobody (the system). */
export interface ChangedBy {
  username: string | null;
  ip: string | null;
}

/**
 * What the core's rules share: their deps, whether counter rows are locked (PostgreSQL), and the
 * three rules that call one another (a filled seat may enrol a guest whose full session takes
 * them in line, which may fill again). createWaitlistCore builds it once.
 */
export interface CoreContext {
  deps: WaitlistCoreDeps;
  locking: boolean;
  fill(trx: Db, scope: repo.Scope, now: number): Promise<number>;
  seat(trx: Db, entry: repo.EntryRow, now: number, held: boolean, by?: ChangedBy): Promise<number | null>;
  joinSessionList(
    trx: Db,
    guestId: number,
    scope: repo.Scope,
    now: number,
    ip: string | null,
  ): Promise<repo.EntryRow>;
}

/** The system log's action of each kind of entry; any other is an update. */
const AUDIT_ACTIONS: Partial<Record<LogMessage['key'], 'sign_up' | 'delete' | 'code_lookup'>> = {
  'waitlist.joined': 'sign_up',
  'waitlist.removed': 'delete',
  'waitlist.looked_up': 'code_lookup',
};

export const listParam = (scope: repo.Scope): LogMessage[] =>
  scope.scopeId === 0 ? [] : [{ key: 'waitlist.session_list', params: { schedule_id: scope.scopeId } }];

export const scopeOf = (entry: repo.EntryRow): repo.Scope => ({
  meetingId: entry.meeting_id,
  scopeId: entry.scope_id,
});

export const entryParams = (entry: repo.EntryRow) => ({
  meeting_id: entry.meeting_id,
  entry_id: entry.id,
  list: listParam(scopeOf(entry)),
});

/** An audit entry about a place, in the change's transaction. */
export function audit(
  core: Pick<CoreContext, 'deps'>,
  trx: Db,
  entry: repo.EntryRow,
  message: LogMessage,
  username: string | null,
  ip: string | null,
) {
  return core.deps.systemLog.record(
    {
      action: AUDIT_ACTIONS[message.key] ?? 'update',
      source: username ? 'admin' : ip ? 'public' : 'system',
      message,
      username,
      ip,
    },
    trx,
  );
}
