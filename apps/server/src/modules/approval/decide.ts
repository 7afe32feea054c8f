import { decideBody, type DecideBody, type DecideResult } from '@meetflow/shared/schemas/approval';
import type { Insertable } from 'kysely';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode } from '../../lib/secure-random.ts';
import { cancelGuestIn } from '../guests/cancel-guest.ts';
import { insertGuestTakingSeats, parseAnswers, setGuestApproval } from '../guests/guest-rules.ts';
import { guestByPhone } from '../guests/guests.reads.ts';
import { admissionOf } from '../meetings/meetings.reads.ts';
import { guestSignedUp } from '../webhooks/webhooks.service.ts';
import { queueRejectedMail } from './applicant-mail.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

const DAY_MS = 86_400_000;

type Application = repo.ApplicationRow;
type Outcome = { guestId: number | null; freedSeat: boolean };

/** The columns of the guest row to be that an unheld application carries in its form. */
function formValues(application: Application): Omit<Insertable<Database['guests']>, 'meeting_id'> {
  return JSON.parse(application.form ?? '{}') as Omit<Insertable<Database['guests']>, 'meeting_id'>;
}

function decided(
  status: 'approved' | 'rejected',
  reason: string,
  now: number,
  actor: Actor,
  eraseAt: number | null,
) {
  return { status, reason, decided_at: now, decided_by: actor.user.auditName, erase_at: eraseAt };
}

/**
 * Decisions in bulk (issue 45): each application in its own transaction, so that one refused (full,
 * already decided) does not undo the others; the conditional UPDATE on status 'pending' decides each
 * once, however many organisers (or instances) decide at the same time.
 */
export function createDecide(deps: ApprovalDeps) {
  const { db, clock } = deps;

  async function approve(trx: Db, meeting: VisibleMeeting, a: Application, actor: Actor, now: number) {
    let guestId = a.guest_id;
    if (guestId !== null && a.token_hash === null) {
      // Held: the seat is the guest's already; the confirmation with the code is queued now.
      if (!(await repo.decide(trx, a.id, decided('approved', '', now, actor, null))))
        throw new AppError('APPLICATION_DECIDED');
      if (!(await setGuestApproval(trx, guestId, 'approved', now, deps.mail?.confirmationColumns() ?? {})))
        throw new AppError('APPLICATION_DECIDED');
    } else {
      // Unheld: the guest is written now through the guest core, taking its seats (or refused).
      if (!(await repo.decide(trx, a.id, decided('approved', '', now, actor, null))))
        throw new AppError('APPLICATION_DECIDED');
      if (a.token_hash === null) throw new AppError('APPLICATION_DECIDED');
      // The phone became a guest meanwhile (the back office, an import, the door): that guest is
      // this person; the organiser rejects the application or cancels the guest first.
      const taken = await guestByPhone(trx, meeting.id, a.area_code, a.phone);
      if (taken && taken.cancelled_at === null) throw new AppError('APPLICATION_PHONE_SIGNED_UP');
      const form = formValues(a);
      const scheduleIds = JSON.parse(a.schedule_ids) as number[];
      const inserted = await insertGuestTakingSeats(
        trx,
        {
          ...form,
          meeting_id: meeting.id,
          guest_code: newGuestCode(),
          // The visitor's token opens the guest page from now on.
          token_hash: a.token_hash,
          created_at: now,
          approval: 'approved',
          ...deps.mail?.confirmationColumns(),
        },
        scheduleIds,
        now,
      );
      guestId = inserted.id;
      await repo.setGuest(trx, a.id, guestId);
      await deps.webhooks.emit(
        trx,
        guestSignedUp(meeting.id, guestId, 'public', scheduleIds, { answers: parseAnswers(form.answers) }),
      );
    }
    await deps.webhooks.emit(trx, {
      type: 'application.approved',
      meetingId: meeting.id,
      guestId,
      data: { application_id: a.id, guest_id: guestId, held_seat: a.token_hash === null },
    });
    return guestId;
  }

  async function reject(
    trx: Db,
    meeting: VisibleMeeting,
    a: Application,
    actor: Actor,
    now: number,
    reason: string,
    eraseDays: number,
  ): Promise<boolean> {
    const eraseAt = now + eraseDays * DAY_MS;
    if (!(await repo.decide(trx, a.id, decided('rejected', reason, now, actor, eraseAt))))
      throw new AppError('APPLICATION_DECIDED');
    const held = a.guest_id !== null && a.token_hash === null;
    if (held) {
      // The held seat is given back as on any cancellation: the waiting list takes it.
      const closed = await deps.orders?.guestCancellingIn(trx, a.guest_id!, actor.user.auditName);
      await cancelGuestIn(
        { clock, waitlist: deps.waitlist, webhooks: deps.webhooks },
        trx,
        { id: a.guest_id!, meeting_id: meeting.id, phone: a.phone },
        actor.user.auditName,
      );
      await closed?.();
      await setGuestApproval(trx, a.guest_id!, 'rejected', now, {});
    }
    await queueRejectedMail(deps, trx, a);
    await deps.webhooks.emit(trx, {
      type: 'application.rejected',
      meetingId: meeting.id,
      guestId: held ? a.guest_id : null,
      data: { application_id: a.id, guest_id: held ? a.guest_id : null, held_seat: held },
    });
    return held;
  }

  return async function decide(actor: Actor, meetingId: number, input: DecideBody): Promise<DecideResult> {
    const meeting = await visibleMeeting(db, actor.user, meetingId);
    const body = decideBody.parse(input);
    if (body.decision === 'reject' && body.reason === '') throw new AppError('REJECT_REASON_REQUIRED');
    const settings = await admissionOf(db, meeting.id);
    const eraseDays = settings?.reject_erase_days ?? 0;
    const ids = [...new Set(body.ids)].sort((a, b) => a - b);
    const found = new Map((await repo.findApplications(db, meeting.id, ids)).map((a) => [a.id, a]));
    const result: DecideResult = { decided: [], refused: [] };
    let changed = false;
    for (const id of ids) {
      const application = found.get(id);
      if (!application) {
        result.refused.push({ id, reason: 'APPLICATION_NOT_FOUND' });
        continue;
      }
      if (application.status !== 'pending') {
        result.refused.push({ id, reason: 'APPLICATION_DECIDED' });
        continue;
      }
      try {
        const outcome: Outcome = await db.transaction().execute(async (trx) => {
          const now = clock();
          if (body.decision === 'approve') {
            const guestId = await approve(trx, meeting, application, actor, now);
            await audit(trx, actor, meeting, 'approval.approved', { application_id: id, guest_id: guestId });
            return { guestId, freedSeat: false };
          }
          const held = await reject(trx, meeting, application, actor, now, body.reason, eraseDays);
          await audit(trx, actor, meeting, 'approval.rejected', { application_id: id });
          return { guestId: application.guest_id, freedSeat: held };
        });
        changed ||= outcome.guestId !== null;
        result.decided.push(id);
      } catch (error) {
        if (error instanceof AppError) result.refused.push({ id, reason: error.errorName });
        // The phone signed up between the read above and the insert: the guests' unique phone key.
        else if (isUniqueViolation(error)) result.refused.push({ id, reason: 'APPLICATION_PHONE_SIGNED_UP' });
        else throw error;
      }
    }
    if (changed) deps.onSignupsChanged?.(meeting.id);
    if (result.decided.length > 0) deps.mail?.kick();
    return result;
  };

  function audit(
    trx: Db,
    actor: Actor,
    meeting: VisibleMeeting,
    key: 'approval.approved' | 'approval.rejected',
    params: { application_id: number; guest_id?: number | null },
  ) {
    return deps.systemLog.record(
      {
        action: 'update',
        source: 'admin',
        message: {
          key,
          params: {
            meeting_id: meeting.id,
            application_id: params.application_id,
            ...(params.guest_id != null ? { guest_id: params.guest_id } : {}),
          },
        },
        username: actor.user.auditName,
        ip: actor.ip,
      },
      trx,
    );
  }
}
