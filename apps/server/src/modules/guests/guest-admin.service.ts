import type { CertificateState } from '@meetflow/shared/certificate-states';
import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  GUEST_COUNT_CAP,
  GUEST_DETAIL_SCANS_MAX,
  type AdminGuest,
  type GuestDetail,
  type GuestListFilter,
  type GuestPage,
} from '@meetflow/shared/schemas/guests';
import { type MeetingType } from '@meetflow/shared/schemas/meetings';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import { type SignUpInput } from '@meetflow/shared/schemas/public';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import { visibleMeeting as coreVisibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { keysetBatches } from '../../lib/export-pipeline.ts';
import { maskPhone } from './guest-format.ts';
import {
  assertMeetingType,
  checkScheduleChoice,
  guestFormValues,
  insertGuestTakingSeats,
  requirePhone,
  takeSessionSeats,
} from './guest-rules.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { guestSignedUp, type WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import { fieldChanges, GUEST_PERSONAL_FIELDS } from '../system-log/field-changes.ts';
import { reindexGuest, unindexGuest } from './guest-search.ts';
import { toAdminGuest } from './guest-view.ts';
import * as seats from './guest-seats.repository.ts';
import * as repo from './guests.repository.ts';
import type { SeatEvents } from './seat-events.ts';

type Filters = Omit<GuestListFilter, 'page' | 'page_size'>;

export interface GuestsDeps {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  /** Told after a committed add, delete or change of sessions: the meeting's live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
  /** Told after the commit when an add or edit took the last seat of the meeting or a session. */
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  /** Each listed guest's certificate of attendance (the certificates module answers it). */
  certificateStates?: (
    meeting: { id: number; start_at: number; end_at: number },
    guestIds: readonly number[],
  ) => Promise<Map<number, CertificateState>>;
  /** The waiting lists (seat-events.ts): seats freed by a delete or an edit are handed out in its transaction. */
  waitlist?: SeatEvents;
  /** Events for other systems, written in the change's transaction. */
  webhooks: WebhookEmitter;
  /** Where the list stops counting matches ("10,000+"); also what makes a keyword broad (guests.repository.ts). */
  countCap?: number;
}

function phoneTaken(): AppError {
  return new AppError('GUEST_PHONE_TAKEN', { data: { fields: { phone: 'phoneTaken' } } });
}

function toFilter(meetingId: number, query: Filters, today: number): repo.GuestFilter {
  return {
    meetingId,
    keyword: query.keyword,
    userTypeId: query.user_type_id,
    status: query.status && { is: query.status, today },
    signedUpFrom: query.signed_up_from,
    signedUpTo: query.signed_up_to,
  };
}

/** The list's order; the export follows it too, so that the file reads like the screen. */
function toOrder(meetingType: MeetingType, query: Filters): repo.GuestOrder {
  return {
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    nameColumn: meetingType === 'general' ? 'name' : 'name_zh',
  };
}

/**
 * The back-office guest list (issue 5): scoped to the user's organisation subtree (404 outside),
 * manual add and edit with the sign-up's rules and seat counting, and delete that frees the seats.
 */
export function createGuestsService(deps: GuestsDeps) {
  const { db, systemLog, clock } = deps;
  const countCap = deps.countCap ?? GUEST_COUNT_CAP;

  async function withCertificates(
    meeting: { id: number; start_at: number; end_at: number },
    guests: AdminGuest[],
  ): Promise<AdminGuest[]> {
    if (!deps.certificateStates || guests.length === 0) return guests;
    const states = await deps.certificateStates(
      meeting,
      guests.map((g) => g.id),
    );
    return guests.map((g) => ({ ...g, certificate: states.get(g.id) ?? null }));
  }

  /** A live meeting inside the user's subtree; 404 otherwise (the one meeting access rule). */
  function visibleMeeting(user: AuthUser, meetingId: number): Promise<VisibleMeeting> {
    return coreVisibleMeeting(db, user, meetingId);
  }

  /** A live guest of a live meeting inside the user's subtree; 404 otherwise. */
  async function visibleGuest(user: AuthUser, guestId: number) {
    const guest = await repo.findGuestMeeting(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    await assertOrganizationVisible(db, user, guest.organization_id);
    return guest;
  }

  async function adminGuest(
    meetingId: number,
    meetingType: 'general' | 'date_schedule',
    id: number,
    lang: Language,
  ) {
    const row = await repo.findGuestRow(db, meetingId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminGuest(row, meetingType, lang, startOfLocalDay(clock()));
  }

  /** After the commit: a guest added here fills a meeting or session as a sign-up would. */
  async function announceFilled(
    meeting: { id: number; name: string; name_cn: string; name_en: string },
    filled: seats.FilledSeats,
  ) {
    if (filled.meeting) await deps.notifications?.meetingFilled(meeting);
    for (const session of filled.sessions) await deps.notifications?.sessionFilled(meeting, session);
  }

  /**
   * Soft delete: the guest row stays, marked cancelled, because the scan log is append-only and
   * refers to it (a hard delete would cascade into check_ins and rewrite history and statistics).
   * In the same transaction the meeting seat and every session seat are given back and the
   * enrolments removed; the phone leaves the unique key so the person can sign up again. A
   * cancelled guest's code is refused at the door and their token no longer opens their page.
   */
  async function cancel(
    guest: { id: number; meeting_id: number; phone: string },
    actor: string,
    alsoInTrx?: (trx: Db) => Promise<void>,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // Rows are locked in the order a sign-up locks them — the meeting's, the sessions', then the
      // guest's — so a delete and a cancellation handing this guest a seat never wait on each other.
      await seats.releaseMeetingSeat(trx, guest.meeting_id);
      // Their places on sessions' lists go first; the enrolments are read after, so one just given
      // by a waiting list is given back too.
      await deps.waitlist?.guestCancelledIn(trx, guest.id, actor);
      const scheduleIds = await repo.guestScheduleIds(trx, guest.id);
      await repo.deleteGuestSchedules(trx, guest.id, scheduleIds);
      await seats.releaseSessionSeats(trx, scheduleIds);
      if (!(await repo.cancelGuest(trx, guest, clock()))) throw new AppError('NOT_FOUND');
      await unindexGuest(trx, guest.id);
      await deps.webhooks.emit(trx, {
        type: 'guest.cancelled',
        meetingId: guest.meeting_id,
        guestId: guest.id,
        data: { guest_id: guest.id, released_session_ids: scheduleIds },
      });
      // The seats they held go to those waiting.
      await deps.waitlist?.seatsFreedIn(trx, { meetingId: guest.meeting_id, meeting: true, scheduleIds });
      await alsoInTrx?.(trx);
    });
    deps.onSignupsChanged?.(guest.meeting_id);
  }

  async function log(
    user: AuthUser,
    ip: string,
    action: 'create' | 'update' | 'delete' | 'export',
    message: LogMessage,
    changes?: FieldChange[],
  ) {
    await systemLog.record({ action, source: 'admin', message, username: user.auditName, ip, changes });
  }

  return {
    visibleMeeting,

    /**
     * The live guests a broadcast with the list's filters reaches (those who unsubscribed from
     * broadcasts left out), for a meeting the caller has already checked access to.
     */
    matchingGuestIds(meeting: { id: number }, query: Partial<Filters>): Promise<number[]> {
      const filter = toFilter(meeting.id, query as Filters, startOfLocalDay(clock()));
      return repo.matchingGuestIds(db, filter);
    },

    async list(
      user: AuthUser,
      meetingId: number,
      query: GuestListFilter,
      lang: Language,
    ): Promise<GuestPage> {
      const meeting = await visibleMeeting(user, meetingId);
      const today = startOfLocalDay(clock());
      const filter = toFilter(meeting.id, query, today);
      const { rows, total, capped } = await repo.listGuests(
        db,
        await repo.planSearch(db, filter, { countCap, meetingGuests: meeting.registered_count }),
        toOrder(meeting.meeting_type, query),
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
        { cap: countCap, known: repo.isUnfiltered(filter) ? meeting.registered_count : undefined },
      );
      return {
        items: await withCertificates(
          meeting,
          rows.map((row) => toAdminGuest(row, meeting.meeting_type, lang, today)),
        ),
        total,
        total_capped: capped,
        page: query.page,
        page_size: query.page_size,
      };
    },

    async detail(user: AuthUser, guestId: number, lang: Language): Promise<GuestDetail> {
      const guest = await visibleGuest(user, guestId);
      const [view, enrolments, scans] = await Promise.all([
        adminGuest(guest.meeting_id, guest.meeting_type, guest.id, lang),
        repo.listEnrolments(db, guest.id),
        repo.listScans(db, guest.id, GUEST_DETAIL_SCANS_MAX),
      ]);
      return {
        ...view,
        enrolments: enrolments.map((e) => ({
          schedule_id: e.schedule_id,
          schedule_name: nameIn(lang, e.name, e.name_cn, e.name_en) ?? '',
          date: e.date,
          first_in_at: e.first_in_at,
          last_in_at: e.last_in_at,
          last_out_at: e.last_out_at,
        })),
        scans: scans.map((s) => ({
          id: s.id,
          type: s.type,
          schedule_name: nameIn(lang, s.name, s.name_cn, s.name_en),
          station: s.station,
          created_at: s.created_at,
        })),
      };
    },

    /**
     * A guest added by an organiser: the sign-up's rules and seat counting (the meeting's capacity
     * and each session's), without the sign-up window, which is for visitors. The guest gets no
     * token here; code retrieval on the check-in page issues one.
     */
    async create(
      user: AuthUser,
      meetingId: number,
      body: SignUpInput,
      ip: string,
      lang: Language,
    ): Promise<AdminGuest> {
      const meeting = await visibleMeeting(user, meetingId);
      // Its guests' data was erased: new personal data would outlive the purge.
      if (meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      assertMeetingType(body, meeting.meeting_type);
      const phone = requirePhone(body.area_code, body.phone);
      const scheduleIds =
        body.meeting_type === 'date_schedule' ? (await checkScheduleChoice(db, meeting, body)).chosen : [];
      const now = clock();
      const filled: seats.FilledSeats = { meeting: false, sessions: [] };
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const inserted = await insertGuestTakingSeats(
            trx,
            {
              ...guestFormValues(body, phone),
              meeting_id: meeting.id,
              guest_code: newGuestCode(),
              token_hash: sha256(randomToken(32)),
              created_at: now,
            },
            scheduleIds,
            now,
            filled,
          );
          await deps.webhooks.emit(trx, guestSignedUp(meeting.id, inserted.id, 'back_office', scheduleIds));
          return inserted.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken();
        throw error;
      }
      deps.onSignupsChanged?.(meeting.id);
      await announceFilled(meeting, filled);
      await log(user, ip, 'create', {
        key: 'guest.added',
        params: {
          id,
          meeting_id: meeting.id,
          meeting_name: meeting.name,
          phone: maskPhone(body.area_code, phone),
        },
      });
      return adminGuest(meeting.id, meeting.meeting_type, id, lang);
    },

    /**
     * Replaces the guest's form data. For date-schedule meetings the sessions follow the body: seats
     * of dropped sessions are given back and new ones taken (SESSION_FULL if none is left), in the
     * same transaction as the row.
     */
    async update(
      user: AuthUser,
      guestId: number,
      body: SignUpInput,
      ip: string,
      lang: Language,
    ): Promise<AdminGuest> {
      const guest = await visibleGuest(user, guestId);
      // An erased guest stays erased (their row is kept for the figures).
      if (guest.erased_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      assertMeetingType(body, guest.meeting_type);
      const phone = requirePhone(body.area_code, body.phone);
      const chosen =
        body.meeting_type === 'date_schedule'
          ? (
              await checkScheduleChoice(
                db,
                { id: guest.meeting_id, organization_id: guest.organization_id },
                body,
              )
            ).chosen
          : null;
      const now = clock();
      const filled: seats.FilledSeats = { meeting: false, sessions: [] };
      let changes: FieldChange[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          const values = guestFormValues(body, phone);
          const stored = await repo.findGuestFields(trx, guest.id);
          if (!stored || !(await repo.updateGuest(trx, guest.id, values, now)))
            throw new AppError('NOT_FOUND');
          // The audit entry's before and after: the form's fields as stored, personal values masked.
          changes = fieldChanges(
            Object.fromEntries(Object.keys(values).map((key) => [key, stored[key as keyof typeof stored]])),
            values,
            { personal: GUEST_PERSONAL_FIELDS },
          );
          await reindexGuest(trx, { ...values, id: guest.id, meeting_id: guest.meeting_id });
          const event = { meetingId: guest.meeting_id, guestId: guest.id };
          if (changes.length > 0)
            await deps.webhooks.emit(trx, {
              type: 'guest.updated',
              ...event,
              data: { guest_id: guest.id, changed: changes.map((c) => c.field) },
            });
          if (chosen === null) return;
          const current = await repo.guestScheduleIds(trx, guest.id);
          changes.push(
            ...fieldChanges({ schedule_ids: [...current].sort((a, b) => a - b) }, { schedule_ids: chosen }),
          );
          const dropped = current.filter((id) => !chosen.includes(id));
          const added = chosen.filter((id) => !current.includes(id));
          await repo.deleteGuestSchedules(trx, guest.id, dropped);
          await seats.releaseSessionSeats(trx, dropped);
          await takeSessionSeats(trx, added, filled);
          await seats.insertGuestSchedules(trx, guest.id, added, now);
          if (added.length + dropped.length > 0)
            await deps.webhooks.emit(trx, {
              type: 'enrolment.changed',
              ...event,
              data: {
                guest_id: guest.id,
                added_session_ids: added,
                removed_session_ids: dropped,
                source: 'back_office',
              },
            });
          await deps.waitlist?.seatsFreedIn(trx, {
            meetingId: guest.meeting_id,
            meeting: false,
            scheduleIds: dropped,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw phone !== guest.phone || body.area_code !== guest.area_code
            ? phoneTaken()
            : new AppError('CONFLICT');
        }
        throw error;
      }
      if (chosen !== null) deps.onSignupsChanged?.(guest.meeting_id);
      await announceFilled(
        {
          id: guest.meeting_id,
          name: guest.meeting_name,
          name_cn: guest.meeting_name_cn,
          name_en: guest.meeting_name_en,
        },
        filled,
      );
      await log(
        user,
        ip,
        'update',
        {
          key: 'guest.updated',
          params: { id: guest.id, meeting_id: guest.meeting_id, meeting_name: guest.meeting_name },
        },
        changes,
      );
      return adminGuest(guest.meeting_id, guest.meeting_type, guest.id, lang);
    },

    /** Cancels the guest (see `cancel`), audited. */
    async remove(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const guest = await visibleGuest(user, guestId);
      await cancel(guest, user.auditName);
      await log(user, ip, 'delete', {
        key: 'guest.deleted',
        params: { id: guest.id, meeting_id: guest.meeting_id, meeting_name: guest.meeting_name },
      });
    },

    /** A live guest of a live meeting inside the user's subtree; 404 otherwise. */
    findVisible: visibleGuest,

    /**
     * Cancels a live guest as `remove` does, for work already authorised (a guest withdrawing their
     * own sign-up); `alsoInTrx` runs in the same transaction (the withdrawal erases their data there).
     * NOT_FOUND when the guest is gone.
     */
    async cancel(guestId: number, actor: string, alsoInTrx?: (trx: Db) => Promise<void>): Promise<void> {
      const guest = await repo.findGuestMeeting(db, guestId);
      if (!guest) throw new AppError('NOT_FOUND');
      await cancel(guest, actor, alsoInTrx);
    },

    /** Every matching guest in the list's order, read in keyset batches: the export's rows. */
    async *exportRows(meeting: VisibleMeeting, query: Filters, lang: Language): AsyncGenerator<AdminGuest> {
      const today = startOfLocalDay(clock());
      const filter = await repo.planSearch(db, toFilter(meeting.id, query, today), {
        countCap,
        meetingGuests: meeting.registered_count,
      });
      const order = toOrder(meeting.meeting_type, query);
      for await (const rows of keysetBatches((last: repo.GuestListRow | undefined, size) =>
        repo.guestsAfter(db, filter, order, last, size),
      )) {
        // A batch at a time, so each batch's certificates are one read.
        yield* await withCertificates(
          meeting,
          rows.map((row) => toAdminGuest(row, meeting.meeting_type, lang, today)),
        );
      }
    },

    log,
  };
}
export type GuestsService = ReturnType<typeof createGuestsService>;
