import type { Language } from '@meetflow/shared/languages';
import type { ApplicationPage, ApplicationQuery } from '@meetflow/shared/schemas/approval';
import { applicationQuery } from '@meetflow/shared/schemas/approval';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { answerTexts } from '../guests/guest-answers.ts';
import { formFieldsOf, parseAnswers } from '../guests/guest-rules.ts';
import { admissionOf } from '../meetings/meetings.reads.ts';
import { localText } from '@meetflow/shared/forms/form-definition';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/** The answers an unheld application carries in its form (the guest row to be). */
function formAnswers(form: string | null): string | undefined {
  if (!form) return undefined;
  try {
    const parsed = JSON.parse(form) as { answers?: unknown };
    return typeof parsed.answers === 'string' ? parsed.answers : undefined;
  } catch {
    return undefined;
  }
}

/** The approval queue (issue 45): a meeting's applications of one status, with the counts of each. */
export function createQueue(deps: ApprovalDeps) {
  const { db } = deps;
  return async function list(
    user: AuthUser,
    meetingId: number,
    input: ApplicationQuery,
    lang: Language,
  ): Promise<ApplicationPage> {
    const meeting = await visibleMeeting(db, user, meetingId);
    const query = applicationQuery.parse(input);
    const counts = await repo.countByStatus(db, meeting.id);
    const page = await repo.listApplications(db, meeting.id, query);
    const seats = await admissionOf(db, meeting.id);
    const fields = await formFieldsOf(db, meeting.id);
    const labels = new Map(fields.map((f) => [f.key, localText(f.label, lang)]));
    return {
      counts,
      seats_taken: seats?.registered_count ?? 0,
      seat_limit: seats?.registration_limit ?? 0,
      items: page.rows.map((row) => {
        const texts = answerTexts(fields, parseAnswers(row.guest_answers ?? formAnswers(row.form)), lang);
        return {
          id: row.id,
          status: row.status,
          holds_seat: row.guest_id !== null && row.token_hash === null,
          guest_id: row.guest_id,
          display_name: row.display_name,
          area_code: row.area_code,
          phone: row.phone,
          email: row.email,
          language: row.language,
          user_type_id: row.user_type_id,
          group_id: row.group_id,
          group_contact: row.group_contact ?? null,
          answers: Object.entries(texts).map(([key, value]) => ({ label: labels.get(key) ?? key, value })),
          reason: row.reason,
          created_at: row.created_at,
          decided_at: row.decided_at,
          decided_by: row.decided_by,
          erase_at: row.erase_at,
        };
      }),
      total: page.total,
      page: query.page,
      page_size: query.page_size,
    };
  };
}
