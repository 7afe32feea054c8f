import type { Db } from '../../db/database.ts';
import { maskPhone } from '../guests/guest-format.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import type { SeatApproval } from '../waitlist/seat-approval.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/**
 * The waiting list's side of approval (issue 45), filling the waitlist module's `approval` port: a
 * place whose sign-up waits for approval, seated from a full meeting's list, becomes a held guest
 * awaiting approval, and its application is written in the seating transaction — in the queue, as
 * if the seat had been free at sign-up. A phone that has a pending application already (the
 * meeting's approval changed meanwhile) keeps that one: a second would break the seating's
 * transaction on the unique pending application of a phone.
 */
export function createSeatApproval(deps: Pick<ApprovalDeps, 'systemLog' | 'webhooks'>): SeatApproval {
  return {
    async placeSeatedIn(trx: Db, s, now) {
      const earlier = await repo.findApplicationByPhone(trx, s.meetingId, s.areaCode, s.phone);
      if (earlier?.status === 'pending') return;
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
