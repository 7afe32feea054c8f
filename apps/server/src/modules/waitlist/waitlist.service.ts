import { linkInLanguage, matchLanguage, nameIn, type Language } from '@meetflow/shared/languages';
import type {
  MeetingWaitlistEntry,
  WaitlistAdminEntry,
  WaitlistCounts,
  WaitlistOffer,
  WaitlistPage,
  WaitlistPlace,
  WaitlistPromoteResult,
  waitlistQuery,
} from '@meetflow/shared/schemas/waitlist';
import type { z } from 'zod';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolationOf } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secure-random.ts';
import { maskEmail, maskPhone } from '../guests/guest-format.ts';
import type { MailService, WaitlistOfferMail } from '../mail/mail.service.ts';
import type { WaitlistCore, WaitingGuestForm } from './waitlist-core.ts';
import { offerToken, readOfferToken } from './offer-token.ts';
import * as repo from './waitlist.repository.ts';

export interface WaitlistDeps {
  db: Db;
  clock: () => number;
  core: WaitlistCore;
  /** Signs offer tokens (an app secret shared by every instance). */
  signingSecret: string;
  /** Where the offer mail's link points: `<publicUrl>/#/waitlist-offer/<token>`. */
  publicUrl: string;
  mail?: Pick<MailService, 'kick'>;
  /** Told after a committed change of seats: the meeting's live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
}

const ACTIVE = new Set(['waiting', 'offered']);

/**
 * The waiting lists' faces (issue 19): the visitor's place (their waiting page, the sessions' lists on
 * their guest page, the offer page) and the back office's list, promotion, removal and export. The
 * rules themselves — who gets a freed seat, offers, expiry — are in waitlist-core.ts.
 */
export function createWaitlistService(deps: WaitlistDeps) {
  const { db, clock, core } = deps;

  async function place(entry: repo.EntryRow): Promise<WaitlistPlace> {
    return {
      schedule_id: entry.scope_id,
      status: entry.status,
      position: entry.status === 'waiting' ? await repo.positionOf(db, entry) : null,
      joined_at: entry.created_at,
      offer_expires_at: entry.status === 'offered' ? entry.offer_expires_at : null,
      offer_token:
        entry.status === 'offered' && entry.offered_at !== null
          ? offerToken(deps.signingSecret, entry.id, entry.offered_at)
          : null,
    };
  }

  async function meetingEntryView(entry: repo.EntryRow, publicId: string): Promise<MeetingWaitlistEntry> {
    return {
      ...(await place(entry)),
      meeting_public_id: publicId,
      display_name: entry.display_name,
      masked_phone: maskPhone(entry.area_code, entry.phone),
      masked_email: maskEmail(entry.email),
      schedule_ids: JSON.parse(entry.schedule_ids) as number[],
    };
  }

  /** Commits a change of seats and tells whom it concerns (the live figures, the mail runner). */
  async function changeSeats<T>(meetingId: number, work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    deps.onSignupsChanged?.(meetingId);
    deps.mail?.kick();
    return result;
  }

  async function waitingByToken(token: string | undefined) {
    if (!token || token.length > 128) throw new AppError('GUEST_TOKEN_INVALID');
    const entry = await repo.entryByToken(db, sha256(token));
    if (!entry) throw new AppError('GUEST_TOKEN_INVALID');
    const meeting = await repo.meetingOfEntry(db, entry.meeting_id);
    if (!meeting || meeting.deleted_at !== null) throw new AppError('NO_MEETING');
    return { entry, meeting };
  }

  async function offerOf(token: string) {
    const named = readOfferToken(deps.signingSecret, token);
    const entry = named && (await repo.findEntry(db, named.entryId));
    if (!named || !entry) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    const meeting = await repo.meetingOfEntry(db, entry.meeting_id);
    if (!meeting || meeting.deleted_at !== null) throw new AppError('NO_MEETING');
    return { named, entry, meeting };
  }

  async function entryOfMeeting(meetingId: number, entryId: number) {
    const entry = await repo.findEntry(db, entryId);
    if (!entry || entry.meeting_id !== meetingId) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    return entry;
  }

  function adminEntry(entry: repo.EntryRow, position: number | null): WaitlistAdminEntry {
    return {
      id: entry.id,
      schedule_id: entry.scope_id,
      status: entry.status,
      position,
      display_name: entry.display_name,
      area_code: entry.area_code,
      phone: entry.phone,
      email: entry.email,
      language: entry.language,
      guest_id: entry.guest_id,
      joined_at: entry.created_at,
      offered_at: entry.offered_at,
      offer_expires_at: entry.offer_expires_at,
      decided_at: entry.decided_at,
      decided_by: entry.decided_by,
    };
  }

  /**
   * Rows in list order (offers, then the line, then the rest): the waiting ones are consecutive, so
   * one count gives the first its position and the others follow.
   */
  async function adminEntries(rows: repo.EntryRow[]): Promise<WaitlistAdminEntry[]> {
    const first = rows.find((r) => r.status === 'waiting');
    let next = first ? await repo.positionOf(db, first) : 0;
    return rows.map((r) => adminEntry(r, r.status === 'waiting' ? next++ : null));
  }

  async function scopeOfQuery(meeting: VisibleMeeting, scheduleId: number): Promise<repo.Scope> {
    if (scheduleId !== 0 && !(await repo.scheduleOfMeeting(db, meeting.id, scheduleId))) {
      throw new AppError('NOT_FOUND');
    }
    return { meetingId: meeting.id, scopeId: scheduleId };
  }

  return {
    // ── the visitor ────────────────────────────────────────────────────────────────────────────────

    /** The sign-up of a full meeting, in its transaction: a place at the end of the meeting's list. */
    joinMeetingList: core.joinMeetingList,
    /** A date-schedule sign-up's full session, in its transaction: a place on that session's list. */
    joinSessionListIn: core.joinSessionList,
    /** Seats given back or limits raised in the caller's transaction: the lists hand them out now. */
    seatsFreedIn: core.seatsFreed,
    /** A guest deleted in the caller's transaction leaves the sessions' lists. */
    guestCancelledIn: core.guestCancelled,
    meetingEntryView,

    /** The live place of a phone on the meeting's list (the check-in page's look-up). */
    meetingPlaceOfPhone: (meetingId: number, areaCode: string, phone: string) =>
      repo.activeEntryByPhone(db, { meetingId, scopeId: 0 }, areaCode, phone),

    /** Another device of a visitor on the meeting's list (a look-up): its token, kept until promotion. */
    async addDevice(entryId: number, tokenHash: string, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const entry = await repo.findEntry(trx, entryId);
        if (!entry) throw new AppError('INVALID_INFO');
        await repo.addToken(trx, entryId, tokenHash, clock());
        await core.record(trx, entry, 'waitlist.looked_up', {}, { username: null, ip });
      });
    },

    /** The waiting page. Once promoted, the same token opens the guest page. */
    async waitingPlace(token: string | undefined): Promise<MeetingWaitlistEntry> {
      const { entry, meeting } = await waitingByToken(token);
      return meetingEntryView(entry, meeting.public_id);
    },

    async leaveMeetingList(token: string | undefined, ip: string): Promise<MeetingWaitlistEntry> {
      const { entry, meeting } = await waitingByToken(token);
      await changeSeats(meeting.id, async (trx) => {
        if (await core.takeOff(trx, entry.id, 'left', clock(), { username: null, ip })) {
          await repo.eraseEntryContact(trx, entry.id);
        }
      });
      return meetingEntryView((await repo.findEntry(db, entry.id))!, meeting.public_id);
    },

    /** A guest's places on the sessions' lists, for their guest page. */
    async placesOfGuest(guestId: number): Promise<WaitlistPlace[]> {
      return Promise.all((await repo.activeEntriesOfGuest(db, guestId)).map(place));
    },

    /** A guest joins a full session's list (a seat free by now is simply taken). */
    async joinSession(
      guest: { id: number; meeting_id: number },
      scheduleId: number,
      ip: string,
    ): Promise<void> {
      try {
        await changeSeats(guest.meeting_id, async (trx) => {
          const scope = { meetingId: guest.meeting_id, scopeId: scheduleId };
          if (await repo.activeEntryOfGuest(trx, scope, guest.id)) return;
          if (await repo.isEnrolled(trx, guest.id, scheduleId)) return;
          await core.joinSessionList(trx, guest.id, scope, clock(), ip);
        });
      } catch (error) {
        // Two taps at once: the other one's place stands.
        if (!isUniqueViolationOf(error, 'waitlist_entries')) throw error;
      }
    },

    /** A guest leaves a session's list, or declines the seat it offers them. */
    async leaveSession(
      guest: { id: number; meeting_id: number },
      scheduleId: number,
      ip: string,
    ): Promise<void> {
      const entry = await repo.activeEntryOfGuest(
        db,
        { meetingId: guest.meeting_id, scopeId: scheduleId },
        guest.id,
      );
      if (!entry) return;
      const status = entry.status === 'offered' ? 'declined' : 'left';
      await changeSeats(guest.meeting_id, (trx) =>
        core.takeOff(trx, entry.id, status, clock(), { username: null, ip }),
      );
    },

    async offer(token: string): Promise<WaitlistOffer> {
      const { named, entry, meeting } = await offerOf(token);
      const session =
        entry.scope_id === 0 ? undefined : await repo.scheduleOfMeeting(db, meeting.id, entry.scope_id);
      // An older offer of the same place (re-offered since) reads as what became of it: not open.
      const sameOffer = entry.offered_at === named.offeredAt;
      return {
        meeting_public_id: meeting.public_id,
        meeting_name: meeting.name,
        meeting_name_cn: meeting.name_cn,
        meeting_name_en: meeting.name_en,
        session: session
          ? { id: session.id, name: session.name, name_cn: session.name_cn, name_en: session.name_en }
          : null,
        display_name: entry.display_name,
        status: sameOffer ? entry.status : 'expired',
        offer_expires_at: entry.offer_expires_at,
      };
    },

    /** Accepts an offer before it lapses: the held seat becomes the guest's. Answers the guest. */
    async acceptOffer(token: string, ip: string): Promise<{ guestId: number; meetingId: number }> {
      const { named, entry, meeting } = await offerOf(token);
      const now = clock();
      const guestId = await changeSeats(meeting.id, async (trx) => {
        await core.lockScope(trx, { meetingId: entry.meeting_id, scopeId: entry.scope_id });
        const current = (await repo.findEntry(trx, entry.id))!;
        const open =
          current.status === 'offered' &&
          current.offered_at === named.offeredAt &&
          (current.offer_expires_at ?? 0) > now;
        if (!open) return null;
        // Null: the place gave way (stale) and its seat went on; that is committed, then said.
        return core.seat(trx, current, now, true, { username: null, ip });
      });
      if (guestId === null) throw new AppError('OFFER_NOT_OPEN');
      return { guestId, meetingId: meeting.id };
    },

    /** An offer's mail, asked for when it is sent: null once the offer is no longer open. */
    async offerForMail(entryId: number, offeredAt: number): Promise<WaitlistOfferMail | null> {
      const entry = await repo.findEntry(db, entryId);
      if (!entry || entry.status !== 'offered' || entry.offered_at !== offeredAt) return null;
      const session =
        entry.scope_id === 0 ? undefined : await repo.scheduleOfMeeting(db, entry.meeting_id, entry.scope_id);
      const token = offerToken(deps.signingSecret, entry.id, offeredAt);
      return {
        meetingId: entry.meeting_id,
        email: entry.email,
        displayName: entry.display_name,
        language: entry.language,
        session: session ?? null,
        expiresAt: entry.offer_expires_at ?? offeredAt,
        // Opened on any phone, the offer page shows the language the visitor joined in.
        url: linkInLanguage(
          `${deps.publicUrl}/#/waitlist-offer/${token}`,
          matchLanguage(entry.language) ?? 'zh-tw',
        ),
      };
    },

    async declineOffer(token: string, ip: string): Promise<WaitlistOffer> {
      const { named, entry, meeting } = await offerOf(token);
      const declined = await changeSeats(meeting.id, (trx) =>
        core.takeOff(trx, entry.id, 'declined', clock(), { username: null, ip }, named.offeredAt),
      );
      if (!declined) throw new AppError('OFFER_NOT_OPEN');
      return this.offer(token);
    },

    // ── the back office ────────────────────────────────────────────────────────────────────────────

    visibleMeeting: (user: AuthUser, meetingId: number) => visibleMeeting(db, user, meetingId),

    async list(
      user: AuthUser,
      meetingId: number,
      query: z.output<typeof waitlistQuery>,
    ): Promise<WaitlistPage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const scope = await scopeOfQuery(meeting, query.schedule_id);
      const [state, counts, page] = await Promise.all([
        repo.lockScope(db, scope, false),
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
        items: await adminEntries(page.rows),
        total: page.total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /**
     * An organiser gives a place its seat now (an offer is accepted on the visitor's behalf). With no
     * seat free the limit is raised by one for it: the limit is never exceeded, it is moved, and the
     * audit entry says so.
     */
    async promote(
      user: AuthUser,
      meetingId: number,
      entryId: number,
      ip: string,
    ): Promise<WaitlistPromoteResult> {
      await visibleMeeting(db, user, meetingId);
      const entry = await entryOfMeeting(meetingId, entryId);
      const scope = { meetingId, scopeId: entry.scope_id };
      const now = clock();
      const result = await changeSeats(meetingId, async (trx) => {
        const state = (await core.lockScope(trx, scope))!;
        const current = (await repo.findEntry(trx, entryId))!;
        if (!ACTIVE.has(current.status)) return null;
        const held = current.status === 'offered';
        const guestId = await core.seat(trx, current, now, held, { username: user.auditName, ip });
        // A stale place (its visitor a guest by now, say) gave way: that is committed, then said.
        if (guestId === null) return null;
        // No seat was free: the limit moves up to make one (from a limit lowered below the seats taken, too).
        const taken = state.count + state.held;
        const raise = !held && state.limit > 0 && taken >= state.limit;
        const limit = raise ? taken + 1 : state.limit;
        if (raise) {
          await repo.adjustScope(trx, scope, { limit: limit - state.limit });
          await core.record(
            trx,
            current,
            'waitlist.promoted_raising_limit',
            { from: state.limit, to: limit, guest_id: guestId },
            { username: user.auditName, ip },
          );
        }
        return { seat_limit: limit, limit_raised: raise };
      });
      if (!result) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
      const [promoted] = await adminEntries([(await repo.findEntry(db, entryId))!]);
      return { entry: promoted!, ...result };
    },

    async remove(user: AuthUser, meetingId: number, entryId: number, ip: string): Promise<void> {
      await visibleMeeting(db, user, meetingId);
      await entryOfMeeting(meetingId, entryId);
      const removed = await changeSeats(meetingId, (trx) =>
        core.takeOff(trx, entryId, 'removed', clock(), { username: user.auditName, ip }),
      );
      if (!removed) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    },

    /** A list's places for the export, with the list's name in the reader's language. */
    async exportRows(meeting: VisibleMeeting, scheduleId: number, lang: Language) {
      const scope = await scopeOfQuery(meeting, scheduleId);
      const session = scheduleId === 0 ? undefined : await repo.scheduleOfMeeting(db, meeting.id, scheduleId);
      const listName = session
        ? nameIn(lang, session.name, session.name_cn, session.name_en)
        : nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const rows = await adminEntries(await repo.allEntries(db, scope));
      return { listName, rows };
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;

/** A list's figures by status. */
async function countsOf(db: Db, scope: repo.Scope): Promise<WaitlistCounts> {
  const counts: WaitlistCounts = { waiting: 0, offered: 0, expired: 0, promoted: 0 };
  for (const row of await repo.countsByStatus(db, scope)) {
    if (row.status in counts) counts[row.status as keyof WaitlistCounts] = row.n;
  }
  return counts;
}

export type { WaitingGuestForm };
