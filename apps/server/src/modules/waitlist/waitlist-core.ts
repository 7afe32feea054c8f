import type { DatabaseKind, Db } from '../../db/database.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { audit, entryParams, type ChangedBy, type CoreContext } from './core-context.ts';
import { expireOffer } from './expire-offers.ts';
import { fill } from './fill.ts';
import { joinMeetingList, joinSessionList } from './join.ts';
import { OFFER_EXPIRY_JOB } from './offer.ts';
import type { SeatApproval } from './seat-approval.ts';
import type { SeatPayments } from './seat-payments.ts';
import { seat } from './seat.ts';
import { guestCancelled, takeOff } from './take-off.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

export type { EntryRow, Scope } from './waitlist.repository.ts';
export type { WaitingGuestForm } from './core-context.ts';
export { OFFER_EXPIRY_JOB };

export interface WaitlistCoreDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  mail?: Pick<MailService, 'confirmationColumns' | 'queueEnrolmentUpdate' | 'queueWaitlistOffer' | 'kick'>;
  /** Events for other systems (a promotion), written in the seat's transaction. */
  webhooks: WebhookEmitter;
  /** A paid meeting's guest seated from its list owes an order (the payments module fills it). */
  payments?: SeatPayments;
  /** A place awaiting approval is seated with its application (the approval module fills it). */
  approval?: SeatApproval;
}

/**
 * The waiting lists' rules, run inside the transaction of what changes the seats (issue 19). Every
 * change to a list first locks its counter row (the meeting's or the session's, the row the seat
 * counting updates), so a freed seat is handed out once, in line order, whichever instance frees it.
 * `fill` (fill.ts) is the one place that hands seats out: whoever frees seats or raises a limit
 * calls it. The rules live one to a file: offer.ts, seat.ts, join.ts, take-off.ts, expire-offers.ts.
 */
export function createWaitlistCore(deps: WaitlistCoreDeps) {
  const locking = deps.dbKind === 'postgres';
  // The rules that call one another reach each other through this context.
  const core: CoreContext = {
    deps,
    locking,
    fill: (trx, scope, now) => fill(core, trx, scope, now),
    seat: (trx, entry, now, held, by) => seat(core, trx, entry, now, held, by),
    joinSessionList: (trx, guestId, scope, now, ip) => joinSessionList(core, trx, guestId, scope, now, ip),
  };
  deps.jobs.handle(OFFER_EXPIRY_JOB, (job) => expireOffer(core, job));

  return {
    /** An audit entry about a place (its meeting, place and list are named), in the change's transaction. */
    record: (
      trx: Db,
      entry: repo.EntryRow,
      key: LogMessage['key'],
      params: Record<string, string | number>,
      by: ChangedBy,
    ) => audit(core, trx, entry, { key, params: { ...entryParams(entry), ...params } }, by.username, by.ip),
    fill: core.fill,
    seat: core.seat,
    joinMeetingList: (...args: DropCore<typeof joinMeetingList>) => joinMeetingList(core, ...args),
    joinSessionList: core.joinSessionList,
    takeOff: (...args: DropCore<typeof takeOff>) => takeOff(core, ...args),
    lockScope: (trx: Db, scope: repo.Scope) => scopes.lockScope(trx, scope, locking),

    /**
     * Seats were given back or limits raised in this transaction (a cancelled enrolment, a deleted
     * guest, a raised limit): the lists concerned hand them out now, meeting first, then sessions in
     * ascending order, the order in which sign-ups lock them.
     */
    async seatsFreed(
      trx: Db,
      freed: { meetingId: number; meeting: boolean; scheduleIds: readonly number[] },
    ) {
      const now = deps.clock();
      if (freed.meeting) await fill(core, trx, { meetingId: freed.meetingId, scopeId: 0 }, now);
      for (const scheduleId of [...new Set(freed.scheduleIds)].sort((a, b) => a - b)) {
        await fill(core, trx, { meetingId: freed.meetingId, scopeId: scheduleId }, now);
      }
    },

    /** A deleted guest leaves the sessions' lists they were on (a held seat passes on). */
    guestCancelled: (trx: Db, guestId: number, username: string | null) =>
      guestCancelled(core, trx, guestId, username),
  };
}
export type WaitlistCore = ReturnType<typeof createWaitlistCore>;

/** A rule's parameters after its context. */
type DropCore<F> = F extends (core: CoreContext, ...rest: infer R) => unknown ? R : never;
