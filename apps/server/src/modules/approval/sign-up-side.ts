import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { Db } from '../../db/database.ts';
import type { SignUpApproval } from '../registration/sign-up-admission.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskEmail, maskPhone } from '../guests/guest-format.ts';
import { queueReceivedAgain, queueReceivedMail } from './applicant-mail.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/** The look-up sends an applicant's "received" mail again at most once in this window. */
const LOOKUP_MAIL_WINDOW_MS = 10 * 60_000;

/** What the applicant sees of their application (the reason once rejected). */
function publicView(meetingPublicId: string, row: repo.ApplicationRow): PublicApplication {
  return {
    meeting_public_id: meetingPublicId,
    status: row.status,
    display_name: row.display_name,
    reason: row.status === 'rejected' ? row.reason : '',
    submitted_at: row.created_at,
    decided_at: row.decided_at,
  };
}

/**
 * The sign-up's side of approval (issue 45), filling the registration module's port: the
 * application written in the sign-up's transaction, and its state by token or phone.
 */
export function createSignUpApproval(deps: ApprovalDeps): SignUpApproval {
  const { db } = deps;
  return {
    async applyIn(trx: Db, meeting, a, now, ip) {
      const id = await repo.insertApplication(trx, {
        meeting_id: meeting.id,
        status: 'pending',
        guest_id: a.guestId,
        form: a.form,
        schedule_ids: JSON.stringify(a.scheduleIds),
        token_hash: a.tokenHash,
        area_code: a.areaCode,
        phone: a.phone,
        email: a.email,
        display_name: a.displayName,
        language: a.language,
        user_type_id: a.userTypeId,
        created_at: now,
      });
      await deps.webhooks.emit(trx, {
        type: 'application.submitted',
        meetingId: meeting.id,
        guestId: a.guestId,
        data: { application_id: id, guest_id: a.guestId, held_seat: a.guestId !== null },
      });
      await queueReceivedMail(deps, trx, { id, meetingId: meeting.id, guestId: a.guestId });
      await deps.systemLog.record(
        {
          action: 'sign_up',
          source: 'public',
          message: {
            key: 'approval.applied',
            params: {
              meeting_id: meeting.id,
              meeting_name: meeting.name,
              application_id: id,
              phone: a.maskedPhone,
            },
          },
          username: null,
          ip,
        },
        trx,
      );
      return id;
    },

    async ofToken(tokenHash) {
      const row = await repo.findApplicationByTokenHash(db, tokenHash);
      // Approved: the guest row holds the token now (its page answers, not this).
      if (!row || row.status === 'approved') return null;
      const meeting = await liveMeetingById(db, row.meeting_id);
      return meeting ? { meetingId: meeting.id, view: publicView(meeting.public_id, row) } : null;
    },

    async mailPending(meeting, areaCode, phone, ip) {
      const row = await repo.findApplicationByPhone(db, meeting.id, areaCode, phone);
      if (!row || row.status !== 'pending' || row.guest_id !== null) return null;
      if (!row.email) throw new AppError('NO_GUEST_EMAIL');
      const id = Number(row.id);
      const window = Math.floor(deps.clock() / LOOKUP_MAIL_WINDOW_MS);
      const queued = await db.transaction().execute(async (trx) => {
        if (!(await queueReceivedAgain(deps, trx, { id, meetingId: meeting.id }, window))) return false;
        await deps.systemLog.record(
          {
            action: 'code_lookup',
            source: 'public',
            message: {
              key: 'approval.lookup_mailed',
              params: { meeting_id: meeting.id, application_id: id, phone: maskPhone(areaCode, phone) },
            },
            username: null,
            ip,
          },
          trx,
        );
        return true;
      });
      if (queued) deps.mail?.kick();
      return { maskedEmail: maskEmail(row.email) };
    },

    async ofPhone(meetingId, areaCode, phone) {
      const row = await repo.findApplicationByPhone(db, meetingId, areaCode, phone);
      if (!row || row.status === 'approved') return null;
      const meeting = await liveMeetingById(db, meetingId);
      return meeting ? publicView(meeting.public_id, row) : null;
    },
  };
}
