import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { Language } from '@meetflow/shared/languages';
import type { AdminGuest } from '@meetflow/shared/schemas/guests';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { SignUpInput } from '@meetflow/shared/schemas/public';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { fieldChanges, GUEST_PERSONAL_FIELDS } from '../system-log/field-changes.ts';
import { adminGuest, announceFilled, phoneTaken, visibleGuest, type GuestLog } from './guest-admin-common.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import { answerChanges, backOfficeFields } from './guest-answers.ts';
import {
  assertMeetingType,
  checkAnswers,
  checkScheduleChoice,
  formFieldsOf,
  guestFormValues,
  parseAnswers,
  requirePhone,
  takeSessionSeats,
} from './guest-rules.ts';
import { reindexGuest } from './guest-search.ts';
import * as seats from './guest-seats.repository.ts';
import * as repo from './guests.repository.ts';

type VisibleGuest = Awaited<ReturnType<typeof visibleGuest>>;
/** What one edit writes: the form's values, the sessions chosen (null: a general meeting). */
interface Edit {
  guest: VisibleGuest;
  values: ReturnType<typeof guestFormValues>;
  /** The meeting's own fields and the answers the body gives them (checked against the stored ones). */
  form: { fields: FormField[]; body: SignUpInput; lang: Language };
  chosen: number[] | null;
  now: number;
  filled: seats.FilledSeats;
  changes: FieldChange[];
}

/**
 * Replaces the guest's form data. For date-schedule meetings the sessions follow the body: seats
 * of dropped sessions are given back and new ones taken (SESSION_FULL if none is left), in the
 * same transaction as the row. The answers to the meeting's own fields are replaced too, checked
 * as at sign-up (those asked at the door may stay empty); a retired field's answer, which the form
 * no longer shows, is kept.
 */
export async function editGuest(
  deps: GuestsDeps,
  log: GuestLog,
  user: AuthUser,
  guestId: number,
  body: SignUpInput,
  ip: string,
  lang: Language,
): Promise<AdminGuest> {
  const { db } = deps;
  const guest = await visibleGuest(deps, user, guestId);
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
  const edit: Edit = {
    guest,
    values: guestFormValues(body, phone),
    form: { fields: await formFieldsOf(db, guest.meeting_id), body, lang },
    chosen,
    now: deps.clock(),
    filled: { meeting: false, sessions: [] },
    changes: [],
  };
  try {
    await db.transaction().execute(async (trx) => {
      await saveForm(deps, trx, edit);
      if (chosen !== null) await changeSessions(deps, trx, edit, chosen);
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
  const meeting = {
    id: guest.meeting_id,
    name: guest.meeting_name,
    name_cn: guest.meeting_name_cn,
    name_en: guest.meeting_name_en,
  };
  await announceFilled(deps, meeting, edit.filled);
  const message = {
    key: 'guest.updated' as const,
    params: { id: guest.id, meeting_id: guest.meeting_id, meeting_name: guest.meeting_name },
  };
  await log(user, ip, 'update', message, edit.changes);
  return adminGuest(deps, guest.meeting_id, guest.meeting_type, guest.id, lang, edit.form.fields);
}

/**
 * The answers to store: the body's, checked against the form, with the stored answers of fields it
 * no longer shows to anyone (retired, or a key the form lost) kept as they are; without answers in
 * the body, the stored ones.
 */
function checkedAnswers(edit: Edit, storedJson: string): { json: string; before: Answers; after: Answers } {
  const { fields, body, lang } = edit.form;
  const before = parseAnswers(storedJson);
  // A body without answers changes none of them.
  if (body.answers === undefined) return { json: storedJson, before, after: before };
  const live = new Set(fields.filter((f) => !f.retired).map((f) => f.key));
  const keep = Object.fromEntries(Object.entries(before).filter(([key]) => !live.has(key)));
  const json = checkAnswers(
    backOfficeFields(fields),
    body.answers,
    { userTypeId: body.meeting_type === 'date_schedule' ? body.user_type_id : null },
    lang,
    keep,
  );
  return { json, before, after: parseAnswers(json) };
}

/** The row, its search terms, and the audit's before and after (personal values masked). */
async function saveForm(deps: GuestsDeps, trx: Db, edit: Edit) {
  const { guest, values } = edit;
  const stored = await repo.findGuestFields(trx, guest.id);
  if (!stored) throw new AppError('NOT_FOUND');
  const answers = checkedAnswers(edit, stored.answers);
  if (!(await repo.updateGuest(trx, guest.id, { ...values, answers: answers.json }, edit.now)))
    throw new AppError('NOT_FOUND');
  // The audit entry's before and after: the form's fields as stored, personal values masked; then
  // each answer that changed, under `answers.<key>`.
  edit.changes = [
    ...fieldChanges(
      Object.fromEntries(Object.keys(values).map((key) => [key, stored[key as keyof typeof stored]])),
      values,
      { personal: GUEST_PERSONAL_FIELDS },
    ),
    ...answerChanges(edit.form.fields, answers.before, answers.after),
  ];
  await reindexGuest(trx, { ...values, id: guest.id, meeting_id: guest.meeting_id, answers: answers.json });
  if (edit.changes.length > 0)
    await deps.webhooks.emit(trx, {
      type: 'guest.updated',
      meetingId: guest.meeting_id,
      guestId: guest.id,
      data: {
        guest_id: guest.id,
        changed: edit.changes.map((c) => c.field),
        // The answers as they stand after the edit.
        answers: answers.after,
      },
    });
}

/** The sessions follow the form: dropped seats given back (and to those waiting), new ones taken. */
async function changeSessions(deps: GuestsDeps, trx: Db, edit: Edit, chosen: number[]) {
  const { guest, now } = edit;
  const current = await repo.guestScheduleIds(trx, guest.id);
  edit.changes.push(
    ...fieldChanges({ schedule_ids: [...current].sort((a, b) => a - b) }, { schedule_ids: chosen }),
  );
  const dropped = current.filter((id) => !chosen.includes(id));
  const added = chosen.filter((id) => !current.includes(id));
  await repo.deleteGuestSchedules(trx, guest.id, dropped);
  await seats.releaseSessionSeats(trx, dropped);
  await takeSessionSeats(trx, added, edit.filled);
  await seats.insertGuestSchedules(trx, guest.id, added, now);
  if (added.length + dropped.length > 0)
    await deps.webhooks.emit(trx, {
      type: 'enrolment.changed',
      meetingId: guest.meeting_id,
      guestId: guest.id,
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
}
