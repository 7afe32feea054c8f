import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { doorFields, doorQuestions } from '@meetflow/shared/forms/door-questions';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { AnswerError } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import type { DoorAnswersAnswer, DoorAnswersInput } from '@meetflow/shared/schemas/attendance';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { formFieldsOf, parseAnswers, saveDoorAnswers } from '../guests/guest-rules.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { resolveScope } from './attendance-scope.ts';

/*
 * Questions asked at the door (issue 42): which ones a scanned guest still has open, and the answers
 * a door records. The rule is the shared forms/door-questions.ts; the guest's answers are the guest
 * core's to write (guest-rules.ts `saveDoorAnswers`).
 */

/** The ask-at-door questions a scanned guest has not answered (none for a meeting without any). */
export async function openQuestions(
  db: Db,
  guest: { meeting_id: number; user_type_id: number | null; answers: string },
): Promise<FormField[]> {
  const fields = await formFieldsOf(db, guest.meeting_id);
  if (doorFields(fields).length === 0) return [];
  return doorQuestions(fields, parseAnswers(guest.answers), { userTypeId: guest.user_type_id });
}

/** A refusal of the form, each field named in the request's language under `answers.<key>`. */
export function answersRefused(
  fields: readonly FormField[],
  errors: Record<string, AnswerError>,
  lang: Language,
): AppError {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return new AppError('VALIDATION_FAILED', {
    data: {
      fields: Object.fromEntries(
        Object.entries(errors).map(([key, error]) => [
          `answers.${key}`,
          answerErrorText(byKey.get(key)!, error, lang),
        ]),
      ),
    },
  });
}

/** The audit entry of answers given at the door (values of personal fields masked). */
export async function auditDoorAnswers(
  systemLog: SystemLog,
  entry: { user: AuthUser; ip: string; guestId: number; meetingId: number; changes: FieldChange[] },
): Promise<void> {
  await systemLog.record({
    action: 'update',
    source: 'admin',
    message: {
      key: 'attendance.door_answers',
      params: { guest_id: entry.guestId, meeting_id: entry.meetingId },
    },
    username: entry.user.auditName,
    ip: entry.ip,
    changes: entry.changes,
  });
}

/**
 * Records answers given at a door online: checked with the shared rule for the guest's ask-at-door
 * questions only, merged into their answers, audited. Answers the questions still open.
 */
export async function recordDoorAnswers(
  deps: { db: Db; clock: () => number; systemLog: SystemLog; webhooks: WebhookEmitter },
  user: AuthUser,
  body: DoorAnswersInput,
  lang: Language,
  ip: string,
): Promise<DoorAnswersAnswer> {
  const { db } = deps;
  const scope = await resolveScope(db, user, body.meeting_id, body.schedule_id);
  if (scope.meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
  const outcome = await db.transaction().execute((trx) =>
    saveDoorAnswers(trx, deps.webhooks, {
      meetingId: scope.meetingId,
      guestId: body.guest_id,
      given: body.answers,
      now: deps.clock(),
    }),
  );
  if (outcome.kind === 'gone') throw new AppError('NOT_FOUND');
  if (outcome.kind === 'invalid') throw answersRefused(outcome.fields, outcome.errors, lang);
  if (outcome.saved.length > 0)
    await auditDoorAnswers(deps.systemLog, {
      user,
      ip,
      guestId: body.guest_id,
      meetingId: scope.meetingId,
      changes: outcome.changes,
    });
  return { guest_id: body.guest_id, saved: outcome.saved, door_fields: outcome.questions };
}
