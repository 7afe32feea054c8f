import type { Db } from '../../db/database.ts';
import { maskPhone } from '../guests/guest-format.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import type { SeatApproval, SeatedAwaitingApproval } from '../waitlist/seat-approval.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/**
 * The waiting list's side of approval (issue 45), filling the waitlist module's `approval` port: a
 * place whose sign-up waits for approval, seated from a full meeting's list, becomes a held guest
 * awaiting approval, and its application is written in the seating transaction — in the queue, as
 * if the seat had been free at sign-up. A phone that applied without a held seat before (the
 * meeting's approval held no seats then, and the same phone joined the list once it did) has one
 * pending application already: the seated guest takes that one over — it names the guest and holds
 * the seat, keeping its place in the queue — rather than leaving the guest outside the queue and the
 * application to collide with the guest's phone when approved. One pending application per phone.
 */
export function createSeatApproval(deps: Pick<ApprovalDeps, 'systemLog' | 'webhooks'>): SeatApproval {
  /** The phone's earlier pending application, now naming the seated guest and holding its seat. */
  async function takeOver(trx: Db, applicationId: number, s: SeatedAwaitingApproval): Promise<boolean> {
    const taken = await repo.takeOverUnheld(trx, applicationId, {
      guest_id: s.guestId,
      schedule_ids: JSON.stringify(s.scheduleIds),
      email: s.email,
      display_name: s.displayName,
      language: s.language,
      user_type_id: s.userTypeId,
    });
    // Decided between the read and this UPDATE (an organiser at the same moment): a new one instead.
    if (!taken) return false;
    // No second `application.submitted`: the seat's own `guest.promoted` names the guest.
    await deps.systemLog.record(
      {
        action: 'update',
        source: 'system',
        message: {
          key: 'approval.taken_over',
          params: { meeting_id: s.meetingId, application_id: applicationId, guest_id: s.guestId },
        },
        username: null,
        ip: null,
      },
      trx,
    );
    return true;
  }

  return {
    async placeSeatedIn(trx: Db, s, now) {
      const earlier = await repo.findApplicationByPhone(trx, s.meetingId, s.areaCode, s.phone);
      if (earlier?.status === 'pending' && (await takeOver(trx, Number(earlier.id), s))) return;
      const meeting = await liveMeetingById(trx, s.meetingId);
      const id = await repo.insertApplication(trx, {
        meeting_id: s.meetingId,
        status: 'pending',
        guest_id: s.guestId,
        form: null,
        schedule_ids: JSON.stringify(s.scheduleIds),
        token_hash: null,
        area_code: s.areaCode,
        phone: s.phone,
        email: s.email,
        display_name: s.displayName,
        language: s.language,
        user_type_id: s.userTypeId,
        created_at: now,
      });
      await deps.webhooks.emit(trx, {
        type: 'application.submitted',
        meetingId: s.meetingId,
        guestId: s.guestId,
        data: { application_id: id, guest_id: s.guestId, held_seat: true },
      });
      await deps.systemLog.record(
        {
          action: 'sign_up',
          source: 'system',
          message: {
            key: 'approval.applied',
            params: {
              meeting_id: s.meetingId,
              meeting_name: meeting?.name ?? '',
              application_id: id,
              phone: maskPhone(s.areaCode, s.phone),
            },
          },
          username: null,
          ip: null,
        },
        trx,
      );
    },
  };
}
