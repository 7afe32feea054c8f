import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate, localDayBounds, localDayTime } from '../../lib/local-time.ts';
import { sessionsByIds } from '../dictionary/dictionary.reads.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { EvaluationMail, MailService } from '../mail/mail.service.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as answers from './evaluation-answers.repository.ts';
import * as repo from './evaluations.repository.ts';
import type { EvaluationCertificates } from './evaluation-unlock.ts';
import type { EvaluationPresence } from './evaluations.module.ts';

/** Ended scopes are looked at most this often per instance (each look reads the scan log). */
const INVITATION_SCAN_MS = 60_000;
const DAY_MS = 86_400_000;

export interface InvitationDeps {
  db: Db;
  jobs: Jobs;
  clock: () => number;
  systemLog: SystemLog;
  mail: Pick<MailService, 'queueEvaluationMails' | 'kick'>;
  presence: EvaluationPresence;
  certificates: EvaluationCertificates;
}

type Evaluation = repo.EvaluationRecord;

/** When the evaluation's meeting or session ends (a session without times: the end of its day). */
async function scopeEnd(db: Db, evaluation: Evaluation): Promise<number | undefined> {
  if (evaluation.scope_id === 0) return (await liveMeetingById(db, evaluation.meeting_id))?.end_at;
  const [session] = await sessionsByIds(db, evaluation.meeting_id, [evaluation.scope_id]);
  if (!session) return undefined;
  const day = localDayBounds(session.date);
  return session.end_time ? localDayTime(day.from, 0, session.end_time) : day.to;
}

/** Open and before the end of its last day: answers are taken, so mail about it may go. */
function takesAnswers(evaluation: Evaluation, now: number): boolean {
  return (
    evaluation.state === 'open' && (evaluation.closes_on === null || localDate(now) <= evaluation.closes_on)
  );
}

/**
 * Invitations and reminders (issue 43). Each runner pass looks at the open evaluations whose
 * meeting or session has ended: every guest who met its presence rule and has neither been invited
 * nor completed it is invited — recorded and mailed in one transaction, so a guest whose scans are
 * uploaded later is invited on a later pass, and no one twice. `remind_after_days` after the
 * invitation, one reminder goes to whoever has not completed it. Nothing goes after its last day.
 */
export function createEvaluationInvitations(deps: InvitationDeps) {
  const { db, clock, presence, mail } = deps;
  let lastScan = -Infinity;

  async function nonResponders(evaluation: Evaluation, guestIds: readonly number[]): Promise<number[]> {
    const completed = new Set((await answers.findCompletions(db, evaluation.id)).map((c) => c.guest_id));
    return guestIds.filter((id) => !completed.has(id));
  }

  async function inviteAndRemind(evaluation: Evaluation, now: number): Promise<number> {
    const eligible = await presence.eligibleGuests(evaluation.meeting_id, evaluation.scope_id);
    const toInvite = await nonResponders(evaluation, eligible);
    const days = evaluation.remind_after_days;
    const invitations = days > 0 ? await answers.findInvitations(db, evaluation.id) : [];
    const due = await nonResponders(
      evaluation,
      invitations
        .filter((i) => i.reminded_at === null && i.invited_at + days * DAY_MS <= now)
        .map((i) => i.guest_id),
    );
    if (toInvite.length === 0 && due.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      const invited = await answers.insertInvitations(trx, evaluation.id, toInvite, now);
      await answers.markReminded(trx, evaluation.id, due, now);
      const base = { meetingId: evaluation.meeting_id, evaluationId: evaluation.id };
      const queued = await mail.queueEvaluationMails(trx, {
        ...base,
        type: 'evaluation_invitation',
        guestIds: invited,
      });
      const reminded = await mail.queueEvaluationMails(trx, {
        ...base,
        type: 'evaluation_reminder',
        guestIds: due,
      });
      return queued.length + reminded.length;
    });
  }

  /** The runner pass: every open evaluation whose scope has ended and that still takes answers. */
  async function scan(): Promise<void> {
    const now = clock();
    if (now - lastScan < INVITATION_SCAN_MS) return;
    lastScan = now;
    let queued = 0;
    for (const evaluation of await repo.findOpenEvaluations(db)) {
      if (!takesAnswers(evaluation, now)) continue;
      const end = await scopeEnd(db, evaluation);
      if (end === undefined || end > now) continue;
      try {
        queued += await inviteAndRemind(evaluation, now);
      } catch (error) {
        // A deleted meeting's evaluation invites nobody, and must not stop the others' invitations.
        if (error instanceof AppError && error.errorName === 'NO_MEETING') continue;
        throw error;
      }
    }
    if (queued > 0) mail.kick();
  }

  return {
    scan,

    /** The mail port: what an invitation or reminder says, or null when it should no longer go. */
    async evaluationMail(evaluationId: number, guestId: number): Promise<EvaluationMail | null> {
      const evaluation = await repo.findEvaluation(db, evaluationId);
      if (!evaluation || !takesAnswers(evaluation, clock())) return null;
      if (await answers.findCompletion(db, evaluationId, guestId)) return null;
      const [session] =
        evaluation.scope_id === 0
          ? []
          : await sessionsByIds(db, evaluation.meeting_id, [evaluation.scope_id]);
      const required = await deps.certificates.requiredEvaluationIds(evaluation.meeting_id);
      return {
        title: JSON.parse(evaluation.title) as EvaluationMail['title'],
        session: session ?? null,
        unlocksCertificate: required.includes(evaluation.id),
      };
    },

    /**
     * The organiser's "remind now": a reminder to every invited or eligible guest who has not
     * completed it (those not yet invited are recorded as invited), audited. Refused unless it
     * takes answers.
     */
    async remind(actor: Actor, evaluationId: number): Promise<{ queued: number }> {
      const evaluation = await repo.findEvaluation(db, evaluationId);
      if (!evaluation) throw new AppError('NOT_FOUND');
      const meeting = await visibleMeeting(db, actor.user, evaluation.meeting_id);
      const now = clock();
      if (!takesAnswers(evaluation, now)) throw new AppError('CONFLICT');
      const invited = (await answers.findInvitations(db, evaluation.id)).map((i) => i.guest_id);
      const eligible = await presence.eligibleGuests(meeting.id, evaluation.scope_id);
      const targets = await nonResponders(evaluation, [...new Set([...invited, ...eligible])]);
      const queued = await db.transaction().execute(async (trx) => {
        await answers.insertInvitations(trx, evaluation.id, targets, now);
        await answers.markReminded(trx, evaluation.id, targets, now);
        return mail.queueEvaluationMails(trx, {
          meetingId: meeting.id,
          evaluationId: evaluation.id,
          type: 'evaluation_reminder',
          guestIds: targets,
          keyTail: String(now),
        });
      });
      if (queued.length > 0) mail.kick();
      await deps.systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'evaluations.reminded',
          params: { evaluation_id: evaluation.id, meeting_id: meeting.id, count: queued.length },
        },
        username: actor.user.auditName,
        ip: actor.ip,
      });
      return { queued: queued.length };
    },
  };
}

export type EvaluationInvitations = ReturnType<typeof createEvaluationInvitations>;
