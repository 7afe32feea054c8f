import type { Insertable } from 'kysely';
import type { DatabaseKind, Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import { guestDisplayName, maskPhone } from '../guests/guest-format.ts';
import {
  allowedScheduleIds,
  enrolHoldingSeat,
  enrolInSession,
  insertGuestHoldingSeat,
} from '../guests/guest-rules.ts';
import type { JobRow, Jobs } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import * as repo from './waitlist.repository.ts';

export type { EntryRow, Scope } from './waitlist.repository.ts';

const HOUR_MS = 3_600_000;
/** Places handed seats per read when many seats free up at once (a raised limit). */
const FILL_BATCH = 100;
export const OFFER_EXPIRY_JOB = 'waitlist.offer_expiry';
/** The system log's action of each kind of entry; any other is an update. */
const AUDIT_ACTIONS: Partial<Record<LogMessage['key'], 'sign_up' | 'delete' | 'code_lookup'>> = {
  'waitlist.joined': 'sign_up',
  'waitlist.removed': 'delete',
  'waitlist.looked_up': 'code_lookup',
};

/** The guest row a place on the meeting's list becomes: the sign-up form as stored, without its keys. */
export type WaitingGuestForm = Omit<
  Insertable<Database['guests']>,
  'guest_code' | 'token_hash' | 'created_at' | 'mail_pending'
>;

export interface WaitlistCoreDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  mail?: Pick<MailService, 'confirmationColumns' | 'queueEnrolmentUpdate' | 'queueWaitlistOffer' | 'kick'>;
  /** Events for other systems (a promotion), written in the seat's transaction. */
  webhooks: WebhookEmitter;
}

/**
 * The waiting lists' rules, run inside the transaction of what changes the seats (issue 19). Every
 * change to a list first locks its counter row (the meeting's or the session's, the row the seat
 * counting updates), so a freed seat is handed out once, in line order, whichever instance frees it.
 * `fill` is the one place that hands seats out: whoever frees seats or raises a limit calls it.
 */
export function createWaitlistCore(deps: WaitlistCoreDeps) {
  const { systemLog } = deps;
  const locking = deps.dbKind === 'postgres';

  const listParam = (scope: repo.Scope): LogMessage[] =>
    scope.scopeId === 0 ? [] : [{ key: 'waitlist.session_list', params: { schedule_id: scope.scopeId } }];
  const scopeOf = (entry: repo.EntryRow): repo.Scope => ({
    meetingId: entry.meeting_id,
    scopeId: entry.scope_id,
  });

  function audit(
    trx: Db,
    entry: repo.EntryRow,
    message: LogMessage,
    username: string | null,
    ip: string | null,
  ) {
    return systemLog.record(
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
  const entryParams = (entry: repo.EntryRow) => ({
    meeting_id: entry.meeting_id,
    entry_id: entry.id,
    list: listParam(scopeOf(entry)),
  });

  /**
   * Hands the free seats of a list to those in line, first come first served: at once, or as offers
   * held for the meeting's offer hours. Nobody is given a seat once the meeting is deleted or over.
   * Answers how many places got a seat or an offer.
   */
  async function fill(trx: Db, scope: repo.Scope, now: number): Promise<number> {
    const state = await repo.lockScope(trx, scope, locking);
    if (!state || state.meetingDeletedAt !== null || state.meetingEndAt < now) return 0;
    let free = state.limit === 0 ? Infinity : state.limit - state.count - state.held;
    let given = 0;
    while (free > 0) {
      const line = await repo.firstWaiting(trx, scope, Math.min(free, FILL_BATCH));
      if (line.length === 0) break;
      for (const entry of line) {
        if (await giveWayIfStale(trx, entry, now, false)) continue;
        const took =
          state.offerHours > 0
            ? await offer(trx, entry, state.offerHours, now)
            : await seat(trx, entry, now, false);
        if (took !== null) {
          free -= 1;
          given += 1;
        }
      }
    }
    return given;
  }

  /**
   * Whether a place can no longer become what it asked for: its visitor is a guest already (signed up
   * another way), its guest was deleted or is enrolled already, or its form names a registration type
   * or college category deleted since. Such a place gives way (removed, by nobody) and its held seat,
   * if any, is given back for the caller's `fill` to hand on.
   */
  async function giveWayIfStale(trx: Db, entry: repo.EntryRow, now: number, held: boolean) {
    if (!(await isStale(trx, entry))) return false;
    const from = entry.status as 'waiting' | 'offered';
    if (await repo.moveEntry(trx, entry.id, [from], { status: 'removed', decided_at: now })) {
      await repo.adjustScope(
        trx,
        scopeOf(entry),
        from === 'waiting' ? { waiting: -1 } : { held: held ? -1 : 0 },
      );
    }
    return true;
  }

  async function isStale(trx: Db, entry: repo.EntryRow): Promise<boolean> {
    if (entry.scope_id !== 0) {
      if (entry.guest_id === null) return true;
      const guest = await repo.guestForPlace(trx, entry.guest_id);
      return (
        !guest || guest.cancelled_at !== null || (await repo.isEnrolled(trx, entry.guest_id, entry.scope_id))
      );
    }
    if (await repo.isGuestPhone(trx, entry.meeting_id, entry.area_code, entry.phone)) return true;
    const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
    return !(await repo.formReferencesExist(
      trx,
      entry.meeting_id,
      form.user_type_id ?? null,
      form.college_category_id ?? null,
    ));
  }

  /** Holds a seat for the first in line and tells them; the expiry is a job due when the offer lapses. */
  async function offer(trx: Db, entry: repo.EntryRow, hours: number, now: number): Promise<number | null> {
    const expiresAt = now + hours * HOUR_MS;
    if (
      !(await repo.moveEntry(trx, entry.id, ['waiting'], {
        status: 'offered',
        offered_at: now,
        offer_expires_at: expiresAt,
      }))
    )
      return null;
    await repo.adjustScope(trx, scopeOf(entry), { waiting: -1, held: 1 });
    await deps.jobs.enqueue(trx, {
      kind: OFFER_EXPIRY_JOB,
      key: `waitlist-offer:${entry.id}:${now}`,
      payload: { entry_id: entry.id, offered_at: now },
      runAt: expiresAt,
      meetingId: entry.meeting_id,
      guestId: entry.guest_id,
    });
    await deps.mail?.queueWaitlistOffer(trx, {
      entryId: entry.id,
      meetingId: entry.meeting_id,
      guestId: entry.guest_id,
      offeredAt: now,
    });
    await audit(
      trx,
      entry,
      {
        key: 'waitlist.offered',
        params: { ...entryParams(entry), until: new Date(expiresAt).toISOString() },
      },
      null,
      null,
    );
    return entry.id;
  }

  /**
   * Gives a place its seat: the meeting's list makes the visitor a guest (their devices' tokens become
   * guest tokens, the confirmation is queued with the guest row), a session's list enrols the guest
   * and queues the updated confirmation. `held`: the seat was held by the place's offer. A stale place
   * gives way (see giveWayIfStale) and a seat it held goes to the next in line. Answers the guest's
   * id, or null when the place gave way or had moved on.
   */
  async function seat(
    trx: Db,
    entry: repo.EntryRow,
    now: number,
    held: boolean,
    by: { username: string | null; ip: string | null } = { username: null, ip: null },
  ): Promise<number | null> {
    const scope = scopeOf(entry);
    const from = entry.status as 'waiting' | 'offered';
    if (await giveWayIfStale(trx, entry, now, held)) {
      if (held) await fill(trx, scope, now);
      return null;
    }

    let guestId: number;
    if (scope.scopeId === 0) {
      const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
      guestId = await insertGuestHoldingSeat(trx, {
        ...form,
        meeting_id: entry.meeting_id,
        guest_code: newGuestCode(),
        // The visitor's devices keep their tokens (guest_tokens); this one is never handed out.
        token_hash: sha256(randomToken(32)),
        created_at: now,
        language: entry.language,
        ...deps.mail?.confirmationColumns(),
      });
      await repo.copyTokensToGuest(trx, entry.id, guestId);
    } else {
      guestId = entry.guest_id!;
    }
    if (
      !(await repo.moveEntry(trx, entry.id, [from], {
        status: 'promoted',
        decided_at: now,
        guest_id: guestId,
        decided_by: by.username,
      }))
    )
      throw new AppError('CONFLICT');
    await repo.adjustScope(trx, scope, {
      waiting: from === 'waiting' ? -1 : 0,
      held: held ? -1 : 0,
      seats: 1,
    });

    if (scope.scopeId === 0) {
      // The sessions chosen on the form that the registration type still allows, as far as seats
      // allow; a full one with a list takes them in line.
      const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
      const allowed = new Set(form.user_type_id ? await allowedScheduleIds(trx, form.user_type_id) : []);
      for (const scheduleId of (JSON.parse(entry.schedule_ids) as number[]).filter((id) => allowed.has(id))) {
        await enrolOrWait(trx, { id: guestId, meeting_id: entry.meeting_id }, scheduleId, now);
      }
    } else {
      await enrolHoldingSeat(trx, guestId, scope.scopeId, now);
      await deps.mail?.queueEnrolmentUpdate(
        trx,
        { id: guestId, meeting_id: entry.meeting_id },
        { cancelled: [] },
      );
    }
    await deps.webhooks.emit(trx, {
      type: 'guest.promoted',
      meetingId: entry.meeting_id,
      guestId,
      data: {
        guest_id: guestId,
        // null: the meeting's own list (the visitor became a guest); else the session enrolled in.
        session_id: scope.scopeId === 0 ? null : scope.scopeId,
        waitlist_entry_id: entry.id,
      },
    });
    await audit(
      trx,
      entry,
      { key: 'waitlist.promoted', params: { ...entryParams(entry), guest_id: guestId } },
      by.username,
      by.ip,
    );
    return guestId;
  }

  /** A new guest's session: its seat when one is free, else a place on its list when open, else nothing. */
  async function enrolOrWait(
    trx: Db,
    guest: { id: number; meeting_id: number },
    scheduleId: number,
    now: number,
  ) {
    try {
      await enrolInSession(trx, guest.id, scheduleId, now);
    } catch (error) {
      if (!(error instanceof AppError) || error.errorName !== 'SESSION_FULL') throw error;
      await joinSessionList(
        trx,
        guest.id,
        { meetingId: guest.meeting_id, scopeId: scheduleId },
        now,
        null,
      ).catch((refused: unknown) => {
        if (!(refused instanceof AppError)) throw refused;
      });
    }
  }

  /**
   * A place at the end of a list. The list must be open and below its maximum (WAITLIST_FULL
   * otherwise — SESSION_FULL / MEETING_FULL when it is switched off). A seat freed between the "full"
   * answer and this join is handed out at once (fill), possibly to this very place.
   */
  async function join(
    trx: Db,
    scope: repo.Scope,
    values: Omit<Insertable<Database['waitlist_entries']>, 'meeting_id' | 'scope_id' | 'seq' | 'created_at'>,
    now: number,
    ip: string | null,
  ): Promise<{ entry: repo.EntryRow; seatFree: boolean }> {
    const place = await repo.takePlaceNumber(trx, scope);
    if (place === undefined) {
      const state = await repo.lockScope(trx, scope, false);
      if (!state) throw new AppError('NOT_FOUND');
      if (state.enabled) throw new AppError('WAITLIST_FULL');
      throw scope.scopeId === 0
        ? new AppError('MEETING_FULL')
        : new AppError('SESSION_FULL', { data: { schedule_id: scope.scopeId } });
    }
    const entry = await repo.insertEntry(trx, {
      ...values,
      meeting_id: scope.meetingId,
      scope_id: scope.scopeId,
      seq: place.seq,
      created_at: now,
    });
    await audit(
      trx,
      entry,
      {
        key: 'waitlist.joined',
        params: {
          meeting_id: scope.meetingId,
          list: listParam(scope),
          position: place.position,
          phone: maskPhone(entry.area_code, entry.phone),
        },
      },
      null,
      ip,
    );
    return { entry, seatFree: place.seatFree };
  }

  /**
   * A visitor's place on the meeting's list (the sign-up of a full meeting): the form kept for the
   * guest row to be, the device's token, then any seat free right now handed out.
   */
  async function joinMeetingList(
    trx: Db,
    meetingId: number,
    visitor: {
      form: WaitingGuestForm;
      scheduleIds: readonly number[];
      displayName: string;
      tokenHash: string;
    },
    now: number,
    ip: string,
  ): Promise<repo.EntryRow> {
    const scope = { meetingId, scopeId: 0 };
    const { form } = visitor;
    const { entry, seatFree } = await join(
      trx,
      scope,
      {
        area_code: form.area_code,
        phone: form.phone,
        email: form.email,
        display_name: visitor.displayName,
        language: form.language ?? 'zh-tw',
        form: JSON.stringify(form),
        schedule_ids: JSON.stringify(visitor.scheduleIds),
      },
      now,
      ip,
    );
    await repo.addToken(trx, entry.id, visitor.tokenHash, now);
    if (!seatFree) return entry;
    await fill(trx, scope, now);
    return (await repo.findEntry(trx, entry.id))!;
  }

  /** A guest's place on a session's list (their contact copied onto it). */
  async function joinSessionList(
    trx: Db,
    guestId: number,
    scope: repo.Scope,
    now: number,
    ip: string | null,
  ) {
    const guest = await repo.guestForPlace(trx, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    const { entry, seatFree } = await join(
      trx,
      scope,
      {
        guest_id: guestId,
        area_code: guest.area_code,
        phone: guest.phone,
        email: guest.email,
        display_name: guestDisplayName(guest),
        language: guest.language,
      },
      now,
      ip,
    );
    if (seatFree) await fill(trx, scope, now);
    return entry;
  }

  /**
   * Takes a place off its list (the visitor leaving, an organiser removing it, an offer declined):
   * a held seat passes to the next in line. False when it had already left the list.
   */
  async function takeOff(
    trx: Db,
    entryId: number,
    status: 'left' | 'removed' | 'declined',
    now: number,
    by: { username: string | null; ip: string | null },
    onlyOffer?: number,
  ): Promise<boolean> {
    const before = await repo.findEntry(trx, entryId);
    if (!before) return false;
    const scope = scopeOf(before);
    await repo.lockScope(trx, scope, locking);
    const entry = (await repo.findEntry(trx, entryId))!;
    if (entry.status !== 'waiting' && entry.status !== 'offered') return false;
    if (onlyOffer !== undefined && (entry.status !== 'offered' || entry.offered_at !== onlyOffer))
      return false;
    if (
      !(await repo.moveEntry(trx, entry.id, [entry.status], {
        status,
        decided_at: now,
        decided_by: by.username,
      }))
    )
      return false;
    if (entry.status === 'waiting') {
      await repo.adjustScope(trx, scope, { waiting: -1 });
    } else {
      await repo.adjustScope(trx, scope, { held: -1 });
      await fill(trx, scope, now);
    }
    const key =
      status === 'declined'
        ? 'waitlist.offer_declined'
        : status === 'left'
          ? 'waitlist.left'
          : 'waitlist.removed';
    await audit(trx, entry, { key, params: entryParams(entry) }, by.username, by.ip);
    return true;
  }

  /** The offer-expiry job: a lapsed offer passes its seat on, once, whichever runner takes the job. */
  async function expireOffer(job: JobRow): Promise<void | { skipped: string }> {
    const payload = JSON.parse(job.payload) as { entry_id: number; offered_at: number };
    const now = deps.clock();
    const expired = await deps.db.transaction().execute(async (trx) => {
      const before = await repo.findEntry(trx, payload.entry_id);
      if (!before) return false;
      await repo.lockScope(trx, scopeOf(before), locking);
      const entry = (await repo.findEntry(trx, payload.entry_id))!;
      if (entry.status !== 'offered' || entry.offered_at !== payload.offered_at) return false;
      if ((entry.offer_expires_at ?? 0) > now) throw new Error('offer not yet expired');
      await repo.moveEntry(
        trx,
        entry.id,
        ['offered'],
        { status: 'expired', decided_at: now },
        payload.offered_at,
      );
      await repo.adjustScope(trx, scopeOf(entry), { held: -1 });
      await audit(trx, entry, { key: 'waitlist.offer_expired', params: entryParams(entry) }, null, null);
      await fill(trx, scopeOf(entry), now);
      return true;
    });
    if (!expired) return { skipped: 'the offer was accepted, declined or withdrawn' };
    deps.mail?.kick();
  }
  deps.jobs.handle(OFFER_EXPIRY_JOB, expireOffer);

  return {
    /** An audit entry about a place (its meeting, place and list are named), in the change's transaction. */
    record: (
      trx: Db,
      entry: repo.EntryRow,
      key: LogMessage['key'],
      params: Record<string, string | number>,
      by: { username: string | null; ip: string | null },
    ) => audit(trx, entry, { key, params: { ...entryParams(entry), ...params } }, by.username, by.ip),
    fill,
    seat,
    joinMeetingList,
    joinSessionList,
    takeOff,
    lockScope: (trx: Db, scope: repo.Scope) => repo.lockScope(trx, scope, locking),

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
      if (freed.meeting) await fill(trx, { meetingId: freed.meetingId, scopeId: 0 }, now);
      for (const scheduleId of [...new Set(freed.scheduleIds)].sort((a, b) => a - b)) {
        await fill(trx, { meetingId: freed.meetingId, scopeId: scheduleId }, now);
      }
    },

    /** A deleted guest leaves the sessions' lists they were on (a held seat passes on). */
    async guestCancelled(trx: Db, guestId: number, username: string | null) {
      const now = deps.clock();
      for (const entry of await repo.activeEntriesOfGuest(trx, guestId)) {
        await takeOff(trx, entry.id, 'removed', now, { username, ip: null });
      }
    },
  };
}
export type WaitlistCore = ReturnType<typeof createWaitlistCore>;
