import type { Db } from '../../db/database.ts';
import { forgetJobs, forgetJobsByPrefix } from '../jobs/jobs.writes.ts';
import type { MailPayload } from './mail-compose.ts';
import type { MailDeps } from './mail.service.ts';
import * as repo from './mail.repository.ts';

/** Guests queued per transaction by the fan-outs here (as reminders and broadcasts do). */
const QUEUE_BATCH = 500;

type QueueDeps = Pick<MailDeps, 'db' | 'dbKind' | 'jobs' | 'transport'>;

/** Queues the confirmations of new sign-ups (guests.mail_pending), 500 guests a transaction. */
export async function queuePendingConfirmations(deps: QueueDeps): Promise<void> {
  for (;;) {
    const taken = await deps.db.transaction().execute(async (trx) => {
      const guests = await repo.takePendingConfirmations(trx, deps.dbKind, 500);
      for (const guest of guests) {
        await deps.jobs.enqueue(trx, {
          kind: 'mail',
          key: `confirmation:${guest.id}`,
          payload: { type: 'confirmation', sequence: 0 } satisfies MailPayload,
          meetingId: guest.meeting_id,
          guestId: guest.id,
        });
      }
      return guests.length;
    });
    if (taken < 500) return;
  }
}

/** In the enrolment's transaction: an updated confirmation whose calendar replaces (or cancels) events. */
export async function queueEnrolmentUpdate(
  deps: QueueDeps,
  trx: Db,
  guest: { id: number; meeting_id: number },
  change: { cancelled: number[] },
): Promise<void> {
  const sequence = await repo.calendarMailCount(trx, guest.id);
  await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `enrolment:${guest.id}:${sequence}`,
    payload: { type: 'enrolment_update', sequence, cancelled: change.cancelled } satisfies MailPayload,
    meetingId: guest.meeting_id,
    guestId: guest.id,
  });
}

/**
 * In a group booking's transaction (issue 45): the contact's mail with the link to the group's page.
 * No guest row: the link is asked for when the mail is sent (`groupMail`), never stored.
 */
export async function queueGroupLink(
  deps: QueueDeps,
  trx: Db,
  group: { groupId: number; meetingId: number },
): Promise<void> {
  await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `group-link:${group.groupId}`,
    payload: { type: 'group_link', group_id: group.groupId } satisfies MailPayload,
    meetingId: group.meetingId,
    guestId: null,
  });
}

/**
 * In the application's or the decision's transaction (issue 45): the applicant's "received" or
 * "rejected" mail. Addressed by the application, not a guest row (an unheld one has none): its
 * address, language and reason are asked for when the mail is sent (`applicationMail`), never
 * stored here. A held seat's guest is named, so the guest's erasure takes the message with it.
 */
export async function queueApplicationMail(
  deps: QueueDeps,
  trx: Db,
  mail: {
    type: 'application_received' | 'application_rejected';
    applicationId: number;
    meetingId: number;
    guestId: number | null;
    /**
     * "received" again, asked for by the applicant's look-up by phone: once per window (the key),
     * and sent whatever the meeting's confirmation switch says. Answers whether it was queued.
     */
    askedInWindow?: number;
  },
): Promise<boolean> {
  const asked = mail.askedInWindow !== undefined;
  const key = applicationMailKey(mail.type, mail.applicationId);
  const id = await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: asked ? `${key}:asked:${mail.askedInWindow}` : key,
    payload: {
      type: mail.type,
      application_id: mail.applicationId,
      ...(asked ? { asked: true } : {}),
    } satisfies MailPayload,
    meetingId: mail.meetingId,
    guestId: mail.guestId,
  });
  return id !== undefined;
}

/** The outbox key of an application's mail: once each, and what its erasure looks for. */
export function applicationMailKey(
  type: 'application_received' | 'application_rejected',
  applicationId: number,
): string {
  return `${type === 'application_received' ? 'application-received' : 'application-rejected'}:${applicationId}`;
}

/**
 * In the erasure's transaction (a rejected applicant's, issue 45): the application's mails go from
 * the outbox, sent or not (a delivery error can name the address). A held seat's go with its guest.
 */
export async function forgetApplicationMails(trx: Db, meetingId: number, applicationId: number) {
  await forgetJobs(trx, meetingId, [
    applicationMailKey('application_received', applicationId),
    applicationMailKey('application_rejected', applicationId),
  ]);
  // The "received" mails the look-up sent again, one per window asked in.
  await forgetJobsByPrefix(trx, meetingId, `${applicationMailKey('application_received', applicationId)}:`);
}

/**
 * In the transaction that creates (or resends) a personal invitation (issue 45): the invitee's mail
 * with their sign-up link. Not a guest: the address and the link are asked for when the mail is
 * sent (`invitationMail`), so an invitation deleted or erased meanwhile sends nothing. `at` keys a
 * resend apart from the first mail.
 */
export async function queueInvitation(
  deps: QueueDeps,
  trx: Db,
  invitation: { invitationId: number; meetingId: number; at: number },
): Promise<void> {
  await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `invitation:${invitation.invitationId}:${invitation.at}`,
    payload: { type: 'invitation', invitation_id: invitation.invitationId } satisfies MailPayload,
    meetingId: invitation.meetingId,
    guestId: null,
  });
}

/** In the offer's transaction: the mail that tells the first in line a seat is held for them. */
export async function queueWaitlistOffer(
  deps: QueueDeps,
  trx: Db,
  offer: { entryId: number; meetingId: number; guestId: number | null; offeredAt: number },
): Promise<void> {
  await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `waitlist-offer-mail:${offer.entryId}:${offer.offeredAt}`,
    payload: {
      type: 'waitlist_offer',
      entry_id: offer.entryId,
      offered_at: offer.offeredAt,
    } satisfies MailPayload,
    meetingId: offer.meetingId,
    guestId: offer.guestId,
  });
}

/**
 * Certificates of attendance by e-mail (issue 18): one `certificate` mail per item, its PDF attached
 * when it is sent. The key holds the organiser's request time, so a double click (the same request
 * time) queues each once and a later "send again" queues anew. Guests of another meeting, cancelled
 * ones and those without an e-mail address are left out: answers how many mails were queued, which
 * the caller reports against what it asked for.
 */
export async function queueCertificates(
  deps: QueueDeps,
  meetingId: number,
  items: readonly { guestId: number; certificateId: number; code: string }[],
  requestedAt: number,
): Promise<number> {
  let queued = 0;
  for (let i = 0; i < items.length; i += QUEUE_BATCH) {
    const batch = items.slice(i, i + QUEUE_BATCH);
    queued += await deps.db.transaction().execute(async (trx) => {
      const rows = await repo.liveGuestIdsWithEmail(
        trx,
        meetingId,
        batch.map((item) => item.guestId),
      );
      const reachable = new Set(rows.map((row) => row.id));
      let added = 0;
      for (const item of batch) {
        if (!reachable.has(item.guestId)) continue;
        const id = await deps.jobs.enqueue(trx, {
          kind: 'mail',
          key: `certificate:${item.code}:${requestedAt}`,
          payload: { type: 'certificate', certificate_id: item.certificateId } satisfies MailPayload,
          meetingId,
          guestId: item.guestId,
        });
        if (id !== undefined) added++;
      }
      return added;
    });
  }
  if (queued > 0 && deps.transport) deps.jobs.kick();
  return queued;
}

/**
 * In the transaction of the payment or refund (issue 44): the guest's receipt or credit note, its
 * PDF drawn from the frozen receipt and attached when sent, so a rolled-back payment queues nothing.
 * Keyed by the receipt (once each); a guest without an address is left out. Answers whether queued.
 */
export async function queueReceiptMail(
  deps: QueueDeps,
  trx: Db,
  receipt: { meetingId: number; guestId: number; receiptId: number; kind: 'receipt' | 'credit_note' },
): Promise<boolean> {
  if (!(await repo.guestHasAddress(trx, receipt.guestId))) return false;
  const id = await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `receipt:${receipt.receiptId}`,
    payload: { type: receipt.kind, receipt_id: receipt.receiptId } satisfies MailPayload,
    meetingId: receipt.meetingId,
    guestId: receipt.guestId,
  });
  return id !== undefined;
}

/**
 * In the caller's transaction (issue 43): an evaluation's invitation or reminder to each listed guest
 * who is live and has an address, keyed per evaluation and guest (`keyTail`: a reminder the organiser
 * asks for carries its request time, so it goes again where the automatic one went). Answers the
 * guests queued.
 */
export async function queueEvaluationMails(
  deps: QueueDeps,
  trx: Db,
  mail: {
    type: 'evaluation_invitation' | 'evaluation_reminder';
    meetingId: number;
    evaluationId: number;
    guestIds: readonly number[];
    keyTail?: string;
  },
): Promise<number[]> {
  const queued: number[] = [];
  for (let i = 0; i < mail.guestIds.length; i += QUEUE_BATCH) {
    const rows = await repo.liveGuestIdsWithEmail(
      trx,
      mail.meetingId,
      mail.guestIds.slice(i, i + QUEUE_BATCH),
    );
    for (const { id } of rows) {
      const key = `${mail.type}:${mail.evaluationId}:${id}${mail.keyTail ? `:${mail.keyTail}` : ''}`;
      const job = await deps.jobs.enqueue(trx, {
        kind: 'mail',
        key,
        payload: { type: mail.type, evaluation_id: mail.evaluationId } satisfies MailPayload,
        meetingId: mail.meetingId,
        guestId: id,
      });
      if (job !== undefined) queued.push(id);
    }
  }
  return queued;
}

/**
 * In the caller's transaction: a guest's confirmation again (current sessions, next calendar
 * sequence), as the back office's resend queues it; a group's contact asks for it (issue 45).
 */
export async function queueConfirmationAgain(
  deps: QueueDeps,
  trx: Db,
  guest: { id: number; meeting_id: number },
  at: number,
): Promise<void> {
  const sequence = await repo.calendarMailCount(trx, guest.id);
  await deps.jobs.enqueue(trx, {
    kind: 'mail',
    key: `confirmation-resend:${guest.id}:${at}`,
    payload: { type: 'confirmation', sequence } satisfies MailPayload,
    meetingId: guest.meeting_id,
    guestId: guest.id,
  });
}
