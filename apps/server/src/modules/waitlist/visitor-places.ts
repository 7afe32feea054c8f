import type { MeetingWaitlistEntry, WaitlistPlace } from '@meetflow/shared/schemas/waitlist';
import { isUniqueViolationOf } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secure-random.ts';
import { changeSeats, meetingEntryView, place } from './faces-common.ts';
import type { WaitlistDeps } from './waitlist.service.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/**
 * The visitor's places: the waiting page of the meeting's list (opened by a device token) and a
 * guest's places on the sessions' lists.
 */
export function createVisitorPlaces(deps: WaitlistDeps) {
  const { db, clock, core } = deps;

  async function waitingByToken(token: string | undefined) {
    if (!token || token.length > 128) throw new AppError('GUEST_TOKEN_INVALID');
    const entry = await repo.entryByToken(db, sha256(token));
    if (!entry) throw new AppError('GUEST_TOKEN_INVALID');
    const meeting = await scopes.meetingOfEntry(db, entry.meeting_id);
    if (!meeting || meeting.deleted_at !== null) throw new AppError('NO_MEETING');
    return { entry, meeting };
  }

  return {
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
      return meetingEntryView(deps, entry, meeting.public_id);
    },

    async leaveMeetingList(token: string | undefined, ip: string): Promise<MeetingWaitlistEntry> {
      const { entry, meeting } = await waitingByToken(token);
      await changeSeats(deps, meeting.id, async (trx) => {
        if (await core.takeOff(trx, entry.id, 'left', clock(), { username: null, ip })) {
          await repo.eraseEntryContact(trx, entry.id);
        }
      });
      return meetingEntryView(deps, (await repo.findEntry(db, entry.id))!, meeting.public_id);
    },

    /** A guest's places on the sessions' lists, for their guest page. */
    async placesOfGuest(guestId: number): Promise<WaitlistPlace[]> {
      return Promise.all((await repo.activeEntriesOfGuest(db, guestId)).map((entry) => place(deps, entry)));
    },

    /** A guest joins a full session's list (a seat free by now is simply taken). */
    async joinSession(
      guest: { id: number; meeting_id: number },
      scheduleId: number,
      ip: string,
    ): Promise<void> {
      try {
        await changeSeats(deps, guest.meeting_id, async (trx) => {
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
      await changeSeats(deps, guest.meeting_id, (trx) =>
        core.takeOff(trx, entry.id, status, clock(), { username: null, ip }),
      );
    },
  };
}
